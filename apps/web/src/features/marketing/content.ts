import {
  Award,
  Baby,
  BadgeCheck,
  CalendarCheck,
  ClipboardCheck,
  Eye,
  FlaskConical,
  HandHeart,
  Heart,
  HeartPulse,
  Lock,
  Microscope,
  Sprout,
  Stethoscope,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { CLINIC, CLINIC_TEXT, SLOT_SESSIONS, SLOT_MINUTES } from '@clinic/shared';

/* ------------------------------------------------------------------ helpers */

/** `tel:` link for a phone number written with spaces ("1900 6868" → "tel:19006868"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}

/* ------------------------------------------------------------------ page meta */

export const PAGE_META = {
  home: {
    title: 'Trang chủ',
    description:
      'Phòng khám Sức khỏe Sinh sản An Tâm: khám phụ khoa, theo dõi thai kỳ, kế hoạch hóa gia đình, xét nghiệm STI kín đáo và tư vấn hiếm muộn. Đặt lịch khám trực tuyến không cần tài khoản.',
  },
  about: {
    title: 'Giới thiệu',
    description:
      'Sứ mệnh, giá trị cốt lõi và đội ngũ lãnh đạo của Phòng khám Sức khỏe Sinh sản An Tâm — hơn 10 năm đồng hành cùng sức khỏe sinh sản của người Việt.',
  },
  services: {
    title: 'Dịch vụ & Bảng giá',
    description:
      'Sáu nhóm dịch vụ sức khỏe sinh sản, quy trình khám bốn bước, bảng giá gói thành viên minh bạch và giải đáp câu hỏi thường gặp tại Phòng khám An Tâm.',
  },
} as const;

/* ------------------------------------------------------------------ services */

export interface Service {
  id: string;
  icon: LucideIcon;
  title: string;
  /** One line for the home page highlights. */
  summary: string;
  description: string;
  includes: readonly string[];
}

export const SERVICES: readonly Service[] = [
  {
    id: 'suc-khoe-sinh-san',
    icon: HeartPulse,
    title: 'Khám sức khỏe sinh sản',
    summary: 'Kiểm tra định kỳ, khám tiền hôn nhân và chuẩn bị mang thai cho cả nam và nữ.',
    description:
      'Đánh giá tổng quát sức khỏe sinh sản cho nam và nữ, giúp bạn chủ động phát hiện sớm các vấn đề và chuẩn bị tốt cho kế hoạch gia đình.',
    includes: [
      'Khám lâm sàng và tư vấn với bác sĩ chuyên khoa',
      'Siêu âm, xét nghiệm cơ bản theo chỉ định',
      'Tư vấn tiền hôn nhân và chuẩn bị mang thai',
      'Giải thích kết quả và hướng dẫn theo dõi',
    ],
  },
  {
    id: 'phu-khoa',
    icon: Stethoscope,
    title: 'Khám phụ khoa',
    summary: 'Tầm soát, chẩn đoán và điều trị các vấn đề phụ khoa thường gặp.',
    description:
      'Khám và điều trị các bệnh lý phụ khoa trong không gian riêng tư, bởi bác sĩ nữ hoặc nam theo mong muốn của bạn (khi lịch cho phép).',
    includes: [
      'Khám phụ khoa, soi cổ tử cung theo chỉ định',
      'Tầm soát ung thư cổ tử cung (Pap smear, HPV)',
      'Điều trị viêm nhiễm phụ khoa',
      'Tư vấn rối loạn kinh nguyệt, đau bụng kinh',
    ],
  },
  {
    id: 'thai-ky',
    icon: Baby,
    title: 'Theo dõi thai kỳ',
    summary: 'Khám thai định kỳ theo từng mốc quan trọng, đồng hành cùng mẹ đến ngày sinh.',
    description:
      'Theo dõi sức khỏe mẹ và sự phát triển của thai theo lịch khám khuyến nghị, kèm tư vấn dinh dưỡng và sinh hoạt phù hợp từng giai đoạn.',
    includes: [
      'Khám thai định kỳ theo từng mốc thai kỳ',
      'Siêu âm thai, sàng lọc trước sinh theo chỉ định',
      'Tư vấn dinh dưỡng, vận động an toàn',
      'Hướng dẫn dấu hiệu cần đến cơ sở y tế ngay',
    ],
  },
  {
    id: 'ke-hoach-hoa-gia-dinh',
    icon: Users,
    title: 'Kế hoạch hóa gia đình',
    summary: 'Tư vấn và thực hiện các biện pháp tránh thai an toàn, phù hợp.',
    description:
      'Giúp bạn lựa chọn biện pháp tránh thai phù hợp với sức khỏe và kế hoạch của mình, với thông tin đầy đủ về ưu, nhược điểm của từng phương pháp.',
    includes: [
      'Tư vấn lựa chọn biện pháp tránh thai',
      'Đặt, tháo vòng tránh thai và que cấy tránh thai',
      'Tư vấn tránh thai khẩn cấp',
      'Tư vấn sức khỏe sinh sản vị thành niên',
    ],
  },
  {
    id: 'xet-nghiem-sti',
    icon: FlaskConical,
    title: 'Xét nghiệm STI kín đáo',
    summary: 'Xét nghiệm các bệnh lây truyền qua đường tình dục, bảo mật tuyệt đối.',
    description:
      'Xét nghiệm các bệnh lây truyền qua đường tình dục với quy trình kín đáo: mẫu được mã hóa, kết quả chỉ trả cho chính bạn.',
    includes: [
      'Xét nghiệm HIV, giang mai, lậu, chlamydia, viêm gan B, C',
      'Mẫu xét nghiệm được mã hóa, không ghi tên',
      'Trả kết quả riêng tư, trực tiếp cho người bệnh',
      'Tư vấn điều trị và dự phòng sau xét nghiệm',
    ],
  },
  {
    id: 'hiem-muon',
    icon: Sprout,
    title: 'Tư vấn hiếm muộn',
    summary: 'Thăm khám, tìm nguyên nhân và xây dựng lộ trình cho các cặp vợ chồng mong con.',
    description:
      'Đánh giá sức khỏe sinh sản của cả hai vợ chồng để tìm nguyên nhân, từ đó tư vấn lộ trình điều trị phù hợp và giới thiệu kỹ thuật hỗ trợ sinh sản khi cần.',
    includes: [
      'Khám và xét nghiệm đánh giá cho cả hai vợ chồng',
      'Tinh dịch đồ, đánh giá dự trữ buồng trứng',
      'Siêu âm theo dõi nang noãn',
      'Tư vấn lộ trình và các phương pháp hỗ trợ sinh sản',
    ],
  },
];

/* ------------------------------------------------------------------ home */

export const HERO = {
  eyebrow: CLINIC.name,
  title: 'Chăm sóc sức khỏe sinh sản tận tâm, riêng tư và an toàn',
  lead: 'Đội ngũ bác sĩ chuyên khoa lắng nghe, giải thích rõ ràng và đồng hành cùng bạn ở mọi giai đoạn — từ khám định kỳ, mang thai đến kế hoạch gia đình.',
  points: [
    'Đặt lịch trực tuyến, không cần tài khoản',
    'Thông tin và kết quả được bảo mật',
    'Chi phí được thông báo trước khi thực hiện',
  ],
} as const;

export interface Stat {
  value: string;
  label: string;
}

/** The clinic's own figures. */
export const STATS: readonly Stat[] = [
  { value: '10+', label: 'năm hoạt động' },
  { value: '25', label: 'bác sĩ chuyên khoa' },
  { value: '50.000+', label: 'lượt khám' },
  { value: '98%', label: 'người bệnh hài lòng' },
];

export interface Feature {
  icon: LucideIcon;
  title: string;
  description: string;
}

export const REASONS: readonly Feature[] = [
  {
    icon: Lock,
    title: 'Bảo mật thông tin',
    description:
      'Hồ sơ và kết quả chỉ bác sĩ điều trị và nhân viên có thẩm quyền được xem. Phòng khám riêng, trả kết quả trực tiếp cho bạn.',
  },
  {
    icon: Award,
    title: 'Bác sĩ giàu kinh nghiệm',
    description:
      'Đội ngũ bác sĩ chuyên khoa sản phụ khoa, nam khoa và hiếm muộn, thường xuyên cập nhật hướng dẫn chuyên môn mới.',
  },
  {
    icon: Microscope,
    title: 'Trang thiết bị hiện đại',
    description: 'Phòng xét nghiệm và máy siêu âm được bảo trì, kiểm chuẩn định kỳ, cho kết quả nhanh và tin cậy.',
  },
  {
    icon: Wallet,
    title: 'Chi phí minh bạch',
    description:
      'Bảng giá niêm yết công khai. Mọi chỉ định xét nghiệm, thủ thuật đều được giải thích và báo giá trước khi thực hiện.',
  },
  {
    icon: CalendarCheck,
    title: 'Đặt lịch dễ dàng',
    description:
      'Chọn chuyên khoa, ngày và giờ khám trực tuyến trong vài phút, hạn chế thời gian chờ đợi tại phòng khám.',
  },
  {
    icon: HandHeart,
    title: 'Tôn trọng, không phán xét',
    description:
      'Mọi câu hỏi về sức khỏe sinh sản đều được lắng nghe nghiêm túc, trong không khí thân thiện và riêng tư.',
  },
];

/* ------------------------------------------------------------------ about */

export const ABOUT_INTRO = {
  title: 'Về Phòng khám An Tâm',
  lead: 'Chúng tôi là phòng khám chuyên khoa sức khỏe sinh sản tại TP. Hồ Chí Minh, nơi mỗi người bệnh được chăm sóc bằng chuyên môn vững vàng, sự tôn trọng và kín đáo.',
} as const;

export const MISSION = {
  title: 'Sứ mệnh',
  text: 'Mang đến dịch vụ chăm sóc sức khỏe sinh sản an toàn, dễ tiếp cận và tôn trọng quyền riêng tư, để mỗi người có đủ thông tin và sự tự tin khi đưa ra quyết định cho sức khỏe của mình.',
} as const;

export const VISION = {
  title: 'Tầm nhìn',
  text: 'Trở thành địa chỉ sức khỏe sinh sản đáng tin cậy của các gia đình Việt: nơi người bệnh cảm thấy an tâm khi chia sẻ, được khám bởi bác sĩ tận tâm và được theo dõi lâu dài.',
} as const;

export const VALUES: readonly Feature[] = [
  {
    icon: Heart,
    title: 'Tận tâm',
    description: 'Lắng nghe đầy đủ, giải thích dễ hiểu và theo dõi người bệnh đến khi yên tâm.',
  },
  {
    icon: Lock,
    title: 'Bảo mật',
    description: 'Thông tin sức khỏe là của riêng bạn và chỉ được chia sẻ khi có sự đồng ý của bạn.',
  },
  {
    icon: BadgeCheck,
    title: 'Chuyên môn',
    description: 'Thực hành theo hướng dẫn chuyên môn hiện hành của Bộ Y tế, liên tục học hỏi và cập nhật.',
  },
  {
    icon: HandHeart,
    title: 'Tôn trọng',
    description: 'Tôn trọng mọi người bệnh, không phân biệt tuổi tác, giới tính, tình trạng hôn nhân hay hoàn cảnh.',
  },
  {
    icon: Eye,
    title: 'Minh bạch',
    description: 'Chi phí, lợi ích và rủi ro của từng chỉ định đều được nói rõ trước khi bạn quyết định.',
  },
  {
    icon: ClipboardCheck,
    title: 'An toàn',
    description: 'Quy trình vô khuẩn, kiểm soát nhiễm khuẩn và kiểm chuẩn thiết bị được thực hiện nghiêm ngặt.',
  },
];

export interface Milestone {
  year: string;
  title: string;
  description: string;
}

export const HISTORY: readonly Milestone[] = [
  {
    year: '2014',
    title: 'Thành lập phòng khám',
    description:
      'Phòng khám An Tâm mở cửa tại Quận 1 với đội ngũ 5 bác sĩ, tập trung vào khám phụ khoa và sức khỏe sinh sản.',
  },
  {
    year: '2017',
    title: 'Mở rộng chuyên khoa',
    description:
      'Thành lập khoa Hiếm muộn và khoa Kế hoạch hóa gia đình, đáp ứng nhu cầu tư vấn ngày càng nhiều của các cặp vợ chồng.',
  },
  {
    year: '2020',
    title: 'Đầu tư phòng xét nghiệm',
    description: 'Đưa vào hoạt động phòng xét nghiệm mới và quy trình xét nghiệm STI kín đáo với mẫu được mã hóa.',
  },
  {
    year: '2023',
    title: 'Đặt lịch trực tuyến',
    description:
      'Ra mắt nền tảng đặt lịch khám trực tuyến, cho phép đặt lịch không cần tài khoản và nhận xác nhận qua e-mail.',
  },
  {
    year: 'Hôm nay',
    title: '25 bác sĩ chuyên khoa',
    description: `Hơn 50.000 lượt khám đã được thực hiện, với 8 khoa phục vụ người bệnh từ ${CLINIC.hours.days}.`,
  },
];

export interface Leader {
  name: string;
  title: string;
  role: string;
  initials: string;
  avatarClass: string;
  bio: string;
}

export const LEADERS: readonly Leader[] = [
  {
    name: 'Nguyễn Thị Thanh Hà',
    title: 'TS. BS.',
    role: 'Giám đốc chuyên môn',
    initials: 'TH',
    avatarClass: 'bg-teal-100 text-teal-800',
    bio: 'Hơn 20 năm kinh nghiệm sản phụ khoa, từng công tác tại bệnh viện chuyên khoa sản tuyến thành phố. Phụ trách quy trình khám và chất lượng chuyên môn của phòng khám.',
  },
  {
    name: 'Trần Minh Khoa',
    title: 'ThS. BS.',
    role: 'Trưởng khoa Hiếm muộn',
    initials: 'MK',
    avatarClass: 'bg-rose-100 text-rose-800',
    bio: 'Chuyên sâu về hiếm muộn và nam khoa. Bác sĩ Khoa luôn dành thời gian giải thích cặn kẽ để các cặp vợ chồng hiểu rõ lộ trình của mình.',
  },
  {
    name: 'Lê Thu Trang',
    title: 'ThS. BS.',
    role: 'Trưởng khoa Kế hoạch hóa gia đình',
    initials: 'TT',
    avatarClass: 'bg-emerald-100 text-emerald-800',
    bio: 'Nhiều năm tư vấn tránh thai và sức khỏe sinh sản vị thành niên, với cách tiếp cận nhẹ nhàng, không phán xét.',
  },
  {
    name: 'Phạm Thị Hồng Nhung',
    title: 'CN. ĐD.',
    role: 'Điều dưỡng trưởng',
    initials: 'HN',
    avatarClass: 'bg-amber-100 text-amber-900',
    bio: 'Phụ trách quy trình tiếp đón, chăm sóc người bệnh và bảo mật hồ sơ, bảo đảm mỗi lượt khám diễn ra chu đáo, đúng hẹn.',
  },
];

/* ------------------------------------------------------------------ services page */

export interface ProcessStep {
  title: string;
  description: string;
}

export const PROCESS_STEPS: readonly ProcessStep[] = [
  {
    title: 'Đặt lịch',
    description:
      'Chọn chuyên khoa, ngày và khung giờ phù hợp trên trang Đặt lịch khám hoặc gọi hotline. Không cần tạo tài khoản.',
  },
  {
    title: 'Xác nhận',
    description:
      'Phòng khám kiểm tra lịch, sắp xếp bác sĩ phù hợp và xác nhận lịch hẹn với bạn qua điện thoại hoặc e-mail.',
  },
  {
    title: 'Thăm khám',
    description: `Đến trước ${CLINIC.arriveEarlyMinutes} phút để làm thủ tục. Bác sĩ thăm khám, giải thích kết quả và báo chi phí trước mỗi chỉ định.`,
  },
  {
    title: 'Theo dõi',
    description: 'Nhận kết quả, hướng dẫn điều trị và lời nhắc tái khám. Bác sĩ tiếp tục đồng hành khi bạn cần.',
  },
];

export interface PricePlan {
  id: string;
  name: string;
  price: string;
  /** Shown after the price, e.g. '/tháng'; empty for the free plan. */
  period: string;
  description: string;
  features: readonly string[];
  cta: string;
  highlighted: boolean;
}

export const PRICE_PLANS: readonly PricePlan[] = [
  {
    id: 'co-ban',
    name: 'Cơ bản',
    price: 'Miễn phí',
    period: '',
    description: 'Dành cho người muốn đặt lịch và trả phí theo từng lần khám.',
    features: [
      'Đặt lịch khám trực tuyến, không cần tài khoản',
      'Xác nhận và nhắc lịch hẹn qua e-mail',
      'Đọc cẩm nang sức khỏe trên blog',
      'Thanh toán theo bảng giá niêm yết từng lần khám',
    ],
    cta: 'Đặt lịch ngay',
    highlighted: false,
  },
  {
    id: 'tieu-chuan',
    name: 'Tiêu chuẩn',
    price: '199.000đ',
    period: '/tháng',
    description: 'Phù hợp với người cần khám và theo dõi sức khỏe sinh sản định kỳ.',
    features: [
      'Toàn bộ quyền lợi của gói Cơ bản',
      'Ưu tiên xếp lịch vào khung giờ mong muốn',
      '01 lần tư vấn với bác sĩ qua điện thoại mỗi tháng',
      'Lưu trữ hồ sơ và lịch sử khám trực tuyến',
      'Nhắc lịch tái khám và khám định kỳ',
    ],
    cta: 'Chọn gói Tiêu chuẩn',
    highlighted: true,
  },
  {
    id: 'cao-cap',
    name: 'Cao cấp',
    price: '399.000đ',
    period: '/tháng',
    description: 'Dành cho người cần bác sĩ đồng hành sát sao, như khi mang thai hoặc điều trị hiếm muộn.',
    features: [
      'Toàn bộ quyền lợi của gói Tiêu chuẩn',
      'Bác sĩ phụ trách riêng, theo dõi liên tục',
      'Tư vấn qua điện thoại không giới hạn trong giờ làm việc',
      '01 lần khám sức khỏe sinh sản tổng quát mỗi năm',
      'Hỗ trợ sắp xếp lịch khám và xét nghiệm trong cùng buổi',
    ],
    cta: 'Chọn gói Cao cấp',
    highlighted: false,
  },
];

export const PRICE_NOTE =
  'Phí gói chưa bao gồm thuốc, xét nghiệm và thủ thuật chuyên sâu. Mọi chi phí phát sinh đều được bác sĩ giải thích và báo giá trước khi thực hiện.';

export interface Faq {
  question: string;
  answer: string;
}

export const FAQS: readonly Faq[] = [
  {
    question: 'Tôi có cần tạo tài khoản để đặt lịch khám không?',
    answer:
      'Không cần. Bạn chỉ cần vào trang Đặt lịch khám, điền họ tên, số điện thoại, chọn chuyên khoa, ngày và khung giờ mong muốn. Xác nhận đã nhận lịch và liên kết riêng để xem, đổi hoặc hủy lịch được nhắn tới số di động của bạn qua Zalo (hoặc SMS), và tới e-mail nếu bạn để lại. Phòng khám không mở đăng ký tài khoản tự do; nếu muốn có tài khoản để theo dõi lịch hẹn, vui lòng liên hệ lễ tân.',
  },
  {
    question: 'Tôi muốn hủy hoặc đổi lịch hẹn thì làm thế nào?',
    answer: `Vui lòng hủy hoặc đổi lịch trước giờ hẹn ít nhất ${CLINIC.cancelNoticeHours} giờ bằng cách gọi hotline ${CLINIC.phone}. Nếu có tài khoản, bạn cũng có thể tự hủy lịch đang chờ xác nhận trong mục "Lịch hẹn của tôi". Với lịch đã thanh toán, khoản hoàn tiền được xử lý trong 3-5 ngày làm việc.`,
  },
  {
    question: 'Tôi nên đến trước giờ hẹn bao lâu?',
    answer: `${CLINIC_TEXT.arriveEarly} để làm thủ tục tiếp đón. Hãy mang theo giấy tờ tùy thân và các kết quả khám, xét nghiệm trước đây (nếu có) để bác sĩ có đầy đủ thông tin.`,
  },
  {
    question: 'Kết quả khám và xét nghiệm của tôi có được bảo mật không?',
    answer:
      'Có. Hồ sơ bệnh án chỉ bác sĩ điều trị và nhân viên có thẩm quyền được truy cập. Kết quả được trả trực tiếp cho bạn hoặc người được bạn ủy quyền, mẫu xét nghiệm STI được mã hóa, và thông tin của bạn không được chia sẻ cho bên thứ ba khi chưa có sự đồng ý, trừ trường hợp pháp luật quy định.',
  },
  {
    question: 'Phòng khám nhận những hình thức thanh toán nào?',
    answer:
      'Bạn có thể thanh toán bằng tiền mặt, thẻ ngân hàng hoặc chuyển khoản tại quầy. Khi cần, phòng khám gửi yêu cầu thanh toán kèm số tiền và liên kết thanh toán trực tuyến (VNPay, MoMo, chuyển khoản VietQR) qua Zalo hoặc SMS, và qua e-mail nếu có. Chi phí luôn được thông báo trước khi thực hiện dịch vụ.',
  },
  {
    question: 'Giờ làm việc của phòng khám như thế nào?',
    answer: `Phòng khám làm việc ${CLINIC.workingHours}, nghỉ ${CLINIC.hours.closedDay}. Các khung giờ hẹn: ${SLOT_SESSIONS.map((s) => `${s.label.toLowerCase()} từ ${s.from} đến ${s.to}`).join(', ')}, mỗi khung ${SLOT_MINUTES} phút.`,
  },
  {
    question: 'Tôi có thể đặt lịch khám ngay trong ngày không?',
    answer:
      'Có, nếu khung giờ bạn chọn cách thời điểm đặt ít nhất 2 giờ và vẫn còn chỗ. Bạn cũng có thể đặt lịch trước cho các ngày tới.',
  },
  {
    question: 'Tôi nên làm gì khi gặp tình huống khẩn cấp?',
    answer: `Phòng khám không tiếp nhận cấp cứu. Khi có dấu hiệu nguy hiểm như chảy máu âm đạo nhiều, đau bụng dữ dội, sốt cao, ngất xỉu, hoặc khi đang mang thai thấy ra nước ối hay thai máy giảm rõ, hãy gọi ngay ${CLINIC.emergencyPhone} hoặc đến cơ sở y tế gần nhất.`,
  },
];
