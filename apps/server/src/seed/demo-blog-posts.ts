import type { BlogCategory, BlogStatus } from '@clinic/shared';

/** Demo articles (seeded only with the demo data). Markdown; general health education, not personal advice. */
export type DemoPost = {
  title: string;
  excerpt: string;
  category: BlogCategory;
  author: string;
  readTime: string;
  /** A file in assets/. */
  image: string;
  featured: boolean;
  status: BlogStatus;
  /** Days before the seed ran that the post was published (or written). */
  daysAgo: number;
  content: string;
};

const DISCLAIMER =
  '*Bài viết mang tính chất tham khảo, không thay thế cho việc thăm khám và tư vấn trực tiếp với bác sĩ. Trường hợp khẩn cấp, hãy gọi **115** hoặc đến cơ sở y tế gần nhất.*';

export const DEMO_POSTS: DemoPost[] = [
  {
    title: 'Tăng huyết áp thai kỳ và tiền sản giật: những dấu hiệu mẹ bầu không nên bỏ qua',
    excerpt:
      'Tăng huyết áp khi mang thai thường không gây triệu chứng rõ ràng nhưng có thể tiến triển thành tiền sản giật, ảnh hưởng đến cả mẹ và bé. Đo huyết áp đều đặn và nhận biết sớm các dấu hiệu cảnh báo giúp xử trí kịp thời.',
    category: 'Tim mạch',
    author: 'BS. Phạm Minh Châu',
    readTime: '6 phút',
    image: 'heart-pregnancy-blood-pressure.png',
    featured: true,
    status: 'PUBLISHED',
    daysAgo: 3,
    content: `## Tăng huyết áp thai kỳ là gì?

Khi mang thai, hệ tim mạch của người mẹ phải làm việc nhiều hơn: thể tích máu tăng, tim đập nhanh hơn để nuôi dưỡng bánh nhau và em bé. Ở phần lớn thai phụ, huyết áp vẫn ổn định. Tuy nhiên, một số mẹ bầu có huyết áp từ **140/90 mmHg trở lên**, thường xuất hiện sau tuần thứ 20 của thai kỳ. Đây gọi là tăng huyết áp thai kỳ.

Nếu tăng huyết áp đi kèm với đạm trong nước tiểu hoặc dấu hiệu tổn thương các cơ quan như gan, thận, não, bác sĩ sẽ chẩn đoán **tiền sản giật**. Tiền sản giật có thể diễn tiến nhanh, gây sản giật (co giật), bong nhau thai, thai chậm tăng trưởng hoặc sinh non.

## Ai có nguy cơ cao hơn?

- Mang thai lần đầu, hoặc mang thai khi trên 35 tuổi.
- Đã từng bị tiền sản giật ở lần mang thai trước.
- Có sẵn tăng huyết áp, đái tháo đường, bệnh thận hoặc bệnh tự miễn.
- Mang song thai, đa thai; thừa cân hoặc béo phì trước khi mang thai.
- Có mẹ hoặc chị em gái từng bị tiền sản giật.

## Những dấu hiệu cần đi khám ngay

Tiền sản giật đôi khi không có triệu chứng, vì vậy việc đo huyết áp ở mỗi lần khám thai là rất quan trọng. Hãy đến cơ sở y tế ngay nếu bạn có:

1. Đau đầu dữ dội, không đỡ khi nghỉ ngơi.
2. Nhìn mờ, thấy chớp sáng hoặc đốm sáng trước mắt.
3. Đau vùng thượng vị hoặc hạ sườn phải, buồn nôn, nôn ở nửa sau thai kỳ.
4. Phù mặt, phù tay tăng nhanh trong vài ngày, tăng cân đột ngột.
5. Khó thở, tiểu ít, hoặc thấy thai máy ít đi.

Nếu có co giật, lơ mơ hay khó thở nặng, hãy gọi **115** ngay.

## Theo dõi tại nhà và khi khám thai

- **Đo huyết áp đúng cách**: ngồi nghỉ 5 phút, tựa lưng, chân chạm sàn, đặt máy ở cánh tay ngang tim. Ghi lại kết quả để mang theo khi đi khám.
- **Khám thai đúng lịch**: bác sĩ sẽ đo huyết áp, xét nghiệm nước tiểu và theo dõi sự phát triển của thai.
- **Dùng thuốc theo chỉ định**: với một số thai phụ nguy cơ cao, bác sĩ có thể kê aspirin liều thấp từ sớm trong thai kỳ để giảm nguy cơ tiền sản giật. Tuyệt đối không tự ý dùng thuốc.
- **Ăn uống cân bằng**, nghỉ ngơi hợp lý, vận động nhẹ nhàng nếu bác sĩ cho phép.

## Sau khi sinh vẫn cần theo dõi

Tiền sản giật có thể xuất hiện cả trong những tuần đầu sau sinh. Phụ nữ từng bị tăng huyết áp thai kỳ cũng có nguy cơ mắc bệnh tim mạch cao hơn về sau, vì vậy nên kiểm tra huyết áp định kỳ và duy trì lối sống lành mạnh lâu dài.

${DISCLAIMER}`,
  },
  {
    title: 'Sức khỏe tim mạch của phụ nữ sau mãn kinh',
    excerpt:
      'Sau mãn kinh, lượng estrogen giảm khiến nguy cơ bệnh tim mạch ở phụ nữ tăng lên rõ rệt. Hiểu những thay đổi này và kiểm soát sớm các yếu tố nguy cơ là cách tốt nhất để bảo vệ trái tim.',
    category: 'Tim mạch',
    author: 'BS. Bùi Đức Minh',
    readTime: '5 phút',
    image: 'heart-menopause.png',
    featured: false,
    status: 'PUBLISHED',
    daysAgo: 12,
    content: `## Vì sao nguy cơ tăng sau mãn kinh?

Trong những năm sinh sản, estrogen giúp thành mạch máu mềm mại và góp phần giữ cân bằng mỡ máu. Khi bước vào mãn kinh, estrogen giảm dần. Cùng với tuổi tác, nhiều chị em nhận thấy **cholesterol LDL ("mỡ xấu") tăng**, huyết áp nhích lên, vòng eo lớn hơn và đường huyết khó kiểm soát hơn. Những thay đổi này âm thầm làm tăng nguy cơ nhồi máu cơ tim và đột quỵ.

## Triệu chứng ở phụ nữ có thể khác

Cơn đau tim ở phụ nữ không phải lúc nào cũng là đau thắt ngực dữ dội. Nhiều người chỉ thấy:

- Khó thở, mệt bất thường kéo dài.
- Buồn nôn, vã mồ hôi lạnh, choáng váng.
- Đau hoặc nặng ở hàm, cổ, lưng, vai hay cánh tay.
- Cảm giác khó chịu, tức nặng ở ngực kéo dài hơn vài phút.

Nếu nghi ngờ cơn đau tim, hãy gọi **115** ngay, không tự lái xe đến bệnh viện.

## Những con số nên biết

Hãy trao đổi với bác sĩ để kiểm tra định kỳ:

| Chỉ số | Ý nghĩa |
|---|---|
| Huyết áp | Nên được đo ít nhất mỗi năm một lần, thường xuyên hơn nếu đã cao |
| Mỡ máu | Đánh giá LDL, HDL, triglycerid theo lịch bác sĩ hẹn |
| Đường huyết, HbA1c | Phát hiện sớm tiền đái tháo đường |
| Vòng eo, cân nặng | Mỡ bụng tăng liên quan đến nguy cơ tim mạch |

## Thói quen bảo vệ trái tim

1. **Vận động đều đặn**: khoảng 150 phút mỗi tuần với cường độ vừa phải như đi bộ nhanh, đạp xe, bơi.
2. **Ăn nhiều rau, trái cây, ngũ cốc nguyên hạt, cá**; hạn chế muối, đồ chiên rán, thịt chế biến sẵn và đồ uống có đường.
3. **Không hút thuốc**, tránh khói thuốc thụ động; hạn chế rượu bia.
4. **Ngủ đủ giấc** và tìm cách giảm căng thẳng.
5. **Uống thuốc đúng chỉ định** nếu đang điều trị tăng huyết áp, rối loạn mỡ máu hay đái tháo đường.

## Liệu pháp nội tiết có bảo vệ tim không?

Liệu pháp hormone có thể giúp giảm bốc hỏa và một số triệu chứng mãn kinh, nhưng không được dùng với mục đích chính là phòng bệnh tim. Lợi ích và nguy cơ khác nhau ở từng người, vì vậy quyết định cần được bác sĩ cân nhắc dựa trên tuổi, thời điểm mãn kinh và tiền sử sức khỏe của bạn.

${DISCLAIMER}`,
  },
  {
    title: 'Tầm soát ung thư cổ tử cung: xét nghiệm Pap, HPV và lịch khám phù hợp',
    excerpt:
      'Ung thư cổ tử cung là một trong số ít bệnh ung thư có thể phòng ngừa và phát hiện từ giai đoạn tiền ung thư. Tìm hiểu sự khác nhau giữa xét nghiệm Pap và HPV, và khi nào bạn nên đi tầm soát.',
    category: 'Ung thư',
    author: 'BS. Lê Thị Hồng Nhung',
    readTime: '6 phút',
    image: 'cancer-cervical-screening.png',
    featured: true,
    status: 'PUBLISHED',
    daysAgo: 5,
    content: `## Vì sao cần tầm soát?

Hầu hết các trường hợp ung thư cổ tử cung liên quan đến tình trạng nhiễm dai dẳng các type **HPV nguy cơ cao** (virus gây u nhú ở người). Từ lúc nhiễm HPV đến khi hình thành ung thư thường mất nhiều năm, qua các giai đoạn tổn thương tiền ung thư. Tầm soát định kỳ giúp phát hiện và điều trị các tổn thương này **trước khi chúng trở thành ung thư**.

Ở giai đoạn sớm, bệnh thường không có triệu chứng. Vì vậy, đừng đợi đến khi ra máu bất thường mới đi khám.

## Các xét nghiệm thường dùng

- **Xét nghiệm tế bào cổ tử cung (Pap hoặc ThinPrep)**: lấy tế bào ở cổ tử cung để tìm những thay đổi bất thường.
- **Xét nghiệm HPV**: tìm các type HPV nguy cơ cao trong mẫu bệnh phẩm.
- **Đồng xét nghiệm**: làm cả hai xét nghiệm trên cùng lúc.

Việc lấy mẫu nhanh, thường chỉ vài phút và ít gây khó chịu.

## Lịch tầm soát tham khảo

Theo nhiều khuyến cáo hiện nay đối với phụ nữ có sức khỏe bình thường:

| Độ tuổi | Gợi ý |
|---|---|
| 21 – 29 | Xét nghiệm tế bào mỗi 3 năm |
| 30 – 65 | Xét nghiệm HPV mỗi 5 năm, hoặc đồng xét nghiệm mỗi 5 năm, hoặc xét nghiệm tế bào mỗi 3 năm |
| Trên 65 | Có thể ngừng nếu các lần tầm soát trước đều bình thường, theo đánh giá của bác sĩ |

Lịch cụ thể có thể thay đổi nếu bạn có tiền sử bất thường, suy giảm miễn dịch hoặc yếu tố nguy cơ khác. Bác sĩ sẽ tư vấn lịch phù hợp với bạn.

## Chuẩn bị trước khi đi xét nghiệm

1. Hẹn khám khi **không trong kỳ kinh**, tốt nhất khoảng 10 – 20 ngày sau ngày đầu kỳ kinh.
2. Trong 48 giờ trước đó, tránh quan hệ tình dục, thụt rửa âm đạo hoặc đặt thuốc âm đạo.
3. Mang theo kết quả các lần tầm soát trước nếu có.

## Đã tiêm vắc xin HPV có cần tầm soát?

**Vẫn cần.** Vắc xin giúp phòng ngừa các type HPV phổ biến nhất nhưng không bao phủ tất cả các type gây ung thư. Tiêm vắc xin và tầm soát định kỳ là hai lớp bảo vệ bổ sung cho nhau.

## Khi nào nên đi khám sớm?

Hãy đi khám nếu bạn ra máu âm đạo sau quan hệ, ra máu giữa kỳ kinh hoặc sau mãn kinh, khí hư bất thường kéo dài hay đau vùng chậu.

${DISCLAIMER}`,
  },
  {
    title: 'Tự khám vú tại nhà: 5 phút mỗi tháng để phát hiện sớm bất thường',
    excerpt:
      'Hiểu rõ ngực của chính mình giúp bạn nhận ra những thay đổi bất thường sớm hơn. Hướng dẫn từng bước tự khám vú và những dấu hiệu cần đi khám ngay.',
    category: 'Ung thư',
    author: 'BS. Trần Thị Bích Ngọc',
    readTime: '5 phút',
    image: 'cancer-breast-self-exam.png',
    featured: false,
    status: 'PUBLISHED',
    daysAgo: 18,
    content: `## Vì sao nên tự khám vú?

Ung thư vú là bệnh ung thư thường gặp nhất ở phụ nữ. Khi được phát hiện sớm, khả năng điều trị thành công rất cao. Tự khám vú **không thay thế** cho khám lâm sàng và chụp nhũ ảnh, nhưng giúp bạn quen thuộc với cấu trúc bình thường của ngực mình, từ đó nhận ra thay đổi sớm hơn.

## Thời điểm phù hợp

- Với người còn kinh nguyệt: khoảng **3 – 5 ngày sau khi sạch kinh**, khi ngực ít căng tức nhất.
- Với người đã mãn kinh hoặc đang cho con bú: chọn một ngày cố định mỗi tháng.

## Các bước tự khám

**1. Quan sát trước gương.** Đứng thẳng, hai tay buông xuôi, sau đó đưa hai tay lên cao, rồi chống tay vào hông. Quan sát kích thước, hình dạng, màu da, núm vú ở cả hai bên.

**2. Sờ nắn khi nằm.** Nằm ngửa, kê một chiếc gối mỏng dưới vai. Dùng mặt trong của ba ngón tay giữa, ấn nhẹ rồi ấn sâu dần theo vòng tròn nhỏ, đi khắp bầu ngực từ xương đòn xuống dưới và từ nách vào giữa ngực. Làm tương tự với bên còn lại.

**3. Kiểm tra vùng nách.** Nhiều mô vú kéo dài lên tới nách, hãy sờ kỹ vùng này.

**4. Kiểm tra núm vú.** Bóp nhẹ núm vú để xem có dịch chảy ra không.

## Dấu hiệu cần đi khám

- Khối u hoặc vùng dày lên ở vú hoặc nách.
- Da vú lõm, nhăn như vỏ cam, đỏ hoặc loét.
- Núm vú tụt vào trong mới xuất hiện, hoặc chảy dịch, nhất là dịch lẫn máu.
- Thay đổi kích thước, hình dạng vú không rõ nguyên nhân.
- Đau khu trú một vị trí kéo dài không liên quan chu kỳ kinh.

Phần lớn khối u vú là lành tính, nhưng mọi thay đổi đều nên được bác sĩ kiểm tra.

## Khám định kỳ và chụp nhũ ảnh

Ngoài tự khám, bạn nên khám vú định kỳ với bác sĩ. Phụ nữ từ khoảng 40 tuổi thường được khuyến nghị chụp nhũ ảnh định kỳ; người có mẹ, chị em gái mắc ung thư vú hoặc mang đột biến gen nguy cơ có thể cần tầm soát sớm hơn. Hãy trao đổi với bác sĩ để có kế hoạch phù hợp.

${DISCLAIMER}`,
  },
  {
    title: 'Đái tháo đường thai kỳ: xét nghiệm khi nào và ăn uống ra sao?',
    excerpt:
      'Đái tháo đường thai kỳ thường không có triệu chứng nhưng có thể ảnh hưởng đến mẹ và bé. Nghiệm pháp dung nạp glucose ở tuần 24 – 28 giúp phát hiện sớm, và phần lớn mẹ bầu kiểm soát tốt bằng chế độ ăn và vận động.',
    category: 'Tiểu đường',
    author: 'BS. Phạm Minh Châu',
    readTime: '7 phút',
    image: 'diabetes-gestational.png',
    featured: true,
    status: 'PUBLISHED',
    daysAgo: 8,
    content: `## Đái tháo đường thai kỳ là gì?

Trong thai kỳ, bánh nhau tiết ra một số hormone làm cơ thể mẹ **kém nhạy với insulin** hơn. Nếu tuyến tụy không bù đủ, đường huyết tăng và gây ra đái tháo đường thai kỳ. Bệnh thường được phát hiện ở nửa sau thai kỳ và phần lớn trở về bình thường sau sinh.

## Vì sao cần phát hiện sớm?

Đường huyết cao kéo dài có thể khiến thai to, tăng nguy cơ sinh khó, đa ối, tiền sản giật; em bé có thể bị hạ đường huyết sau sinh. Về lâu dài, cả mẹ và con đều có nguy cơ mắc đái tháo đường type 2 cao hơn.

## Xét nghiệm khi nào?

Hầu hết thai phụ được làm **nghiệm pháp dung nạp glucose 75 g** ở tuần thai **24 – 28**. Người có nguy cơ cao (thừa cân, từng bị đái tháo đường thai kỳ, từng sinh con trên 4 kg, gia đình có người mắc đái tháo đường, hội chứng buồng trứng đa nang) có thể được kiểm tra sớm hơn ngay từ lần khám thai đầu.

Cách làm thường gặp:

1. Nhịn ăn ít nhất 8 giờ, lấy máu lúc đói.
2. Uống dung dịch chứa 75 g glucose trong khoảng 5 phút.
3. Lấy máu sau 1 giờ và 2 giờ, ngồi nghỉ tại chỗ trong thời gian chờ.

Theo tiêu chuẩn được áp dụng rộng rãi, chẩn đoán khi có **ít nhất một** giá trị: lúc đói ≥ 5,1 mmol/L; sau 1 giờ ≥ 10,0 mmol/L; sau 2 giờ ≥ 8,5 mmol/L.

## Ăn uống thế nào?

- **Chia nhỏ bữa**: 3 bữa chính và 2 – 3 bữa phụ, không bỏ bữa sáng.
- **Ưu tiên tinh bột hấp thu chậm**: gạo lứt, yến mạch, khoai, bánh mì nguyên cám; ăn lượng cơm vừa phải.
- **Nhiều rau xanh**, ăn rau trước, rồi đến đạm và tinh bột.
- **Đủ đạm**: cá, thịt nạc, trứng, đậu phụ, sữa không đường.
- **Hạn chế** nước ngọt, trà sữa, bánh kẹo, trái cây sấy, nước ép; chọn trái cây tươi nguyên quả với lượng vừa phải.

## Vận động và theo dõi

Nếu không có chống chỉ định, đi bộ nhẹ 10 – 15 phút sau mỗi bữa ăn giúp giảm đường huyết sau ăn. Bác sĩ có thể hướng dẫn bạn tự thử đường huyết mao mạch tại nhà. Khi chế độ ăn và vận động chưa đủ, bác sĩ sẽ cân nhắc dùng insulin hoặc thuốc phù hợp; insulin an toàn cho thai nhi khi được dùng đúng chỉ định.

## Sau sinh

Nên kiểm tra lại đường huyết khoảng 4 – 12 tuần sau sinh và định kỳ sau đó, vì nguy cơ đái tháo đường type 2 về sau vẫn cao hơn. Nuôi con bằng sữa mẹ và giữ cân nặng hợp lý giúp giảm nguy cơ này.

${DISCLAIMER}`,
  },
  {
    title: 'Hội chứng buồng trứng đa nang và nguy cơ tiểu đường type 2',
    excerpt:
      'Hội chứng buồng trứng đa nang không chỉ gây rối loạn kinh nguyệt và khó có thai mà còn liên quan chặt chẽ với đề kháng insulin. Thay đổi lối sống sớm giúp cải thiện cả khả năng sinh sản và sức khỏe chuyển hóa.',
    category: 'Tiểu đường',
    author: 'BS. Đặng Thanh Hương',
    readTime: '6 phút',
    image: 'diabetes-pcos.png',
    featured: false,
    status: 'PUBLISHED',
    daysAgo: 22,
    content: `## Hội chứng buồng trứng đa nang (PCOS) là gì?

Đây là rối loạn nội tiết thường gặp ở phụ nữ trong độ tuổi sinh sản. Bác sĩ thường chẩn đoán khi có **ít nhất hai trong ba** đặc điểm sau, sau khi đã loại trừ các nguyên nhân khác:

1. Rối loạn phóng noãn: kinh thưa, vòng kinh dài hoặc mất kinh.
2. Biểu hiện cường androgen: mụn trứng cá, rậm lông, rụng tóc kiểu nam, hoặc xét nghiệm androgen tăng.
3. Hình ảnh buồng trứng đa nang trên siêu âm.

## Mối liên hệ với insulin

Nhiều phụ nữ mắc PCOS, kể cả người không thừa cân, có tình trạng **đề kháng insulin**: cơ thể phải tiết nhiều insulin hơn để giữ đường huyết ổn định. Insulin cao kích thích buồng trứng sản xuất nhiều androgen hơn, làm rối loạn phóng noãn nặng thêm. Theo thời gian, nguy cơ tiền đái tháo đường, đái tháo đường type 2, đái tháo đường thai kỳ và rối loạn mỡ máu đều tăng.

Dấu hiệu gợi ý đề kháng insulin: vòng eo lớn, da sạm dày ở gáy, nách (bệnh gai đen), tăng cân nhanh dù ăn không nhiều.

## Nên kiểm tra những gì?

- Đường huyết lúc đói, HbA1c hoặc nghiệm pháp dung nạp glucose theo chỉ định.
- Mỡ máu, huyết áp, cân nặng và vòng eo.
- Sàng lọc ngưng thở khi ngủ, trầm cảm, lo âu nếu có biểu hiện gợi ý.

## Lối sống là nền tảng điều trị

- **Giảm 5 – 10% cân nặng** (với người thừa cân) đã có thể giúp kinh nguyệt đều hơn và cải thiện khả năng phóng noãn.
- **Ăn uống**: ưu tiên rau, đạm nạc, chất béo tốt, tinh bột nguyên hạt; hạn chế đồ ngọt, đồ uống có đường và thực phẩm chế biến sẵn.
- **Vận động**: kết hợp bài tập sức bền và bài tập sức mạnh cơ bắp, tổng cộng ít nhất 150 phút mỗi tuần.
- **Ngủ đủ và quản lý căng thẳng**.

## Điều trị bằng thuốc

Tùy mục tiêu của bạn (điều hòa kinh nguyệt, giảm mụn và rậm lông, mong con hay kiểm soát đường huyết), bác sĩ có thể chỉ định thuốc nội tiết, thuốc cải thiện độ nhạy insulin hoặc thuốc hỗ trợ phóng noãn. Không tự ý dùng thuốc theo hướng dẫn trên mạng.

## Khi nào nên đi khám?

Khi kinh nguyệt không đều kéo dài, mụn và lông tăng bất thường, hoặc đã cố gắng có thai 12 tháng (6 tháng nếu trên 35 tuổi) mà chưa thành công.

${DISCLAIMER}`,
  },
  {
    title: 'Vắc xin HPV: ai nên tiêm và tiêm khi nào?',
    excerpt:
      'Vắc xin HPV giúp phòng ngừa phần lớn các trường hợp ung thư cổ tử cung và nhiều bệnh khác do HPV gây ra. Giải đáp những thắc mắc thường gặp về độ tuổi, số mũi tiêm và lưu ý sau tiêm.',
    category: 'Phòng bệnh',
    author: 'BS. Trần Thị Bích Ngọc',
    readTime: '5 phút',
    image: 'prevention-hpv-vaccine.png',
    featured: true,
    status: 'PUBLISHED',
    daysAgo: 1,
    content: `## HPV nguy hiểm như thế nào?

HPV là virus lây truyền phổ biến qua quan hệ tình dục, kể cả tiếp xúc da kề da vùng sinh dục. Đa số trường hợp nhiễm tự khỏi, nhưng nhiễm kéo dài các type nguy cơ cao có thể gây **ung thư cổ tử cung**, ung thư hậu môn, âm hộ, âm đạo, dương vật và vùng hầu họng. Một số type khác gây sùi mào gà.

## Ai nên tiêm?

- **Trẻ em gái và trai từ 9 tuổi**: đây là độ tuổi cho hiệu quả bảo vệ tốt nhất, vì cơ thể đáp ứng miễn dịch mạnh và chưa phơi nhiễm với virus.
- **Thanh thiếu niên và người trưởng thành** trong độ tuổi được cấp phép của từng loại vắc xin đang lưu hành tại Việt Nam (tùy loại, giới hạn có thể đến 26 hoặc 45 tuổi).
- Người đã có quan hệ tình dục **vẫn có thể tiêm** và vẫn được bảo vệ trước các type chưa nhiễm.

## Tiêm mấy mũi?

Số mũi phụ thuộc độ tuổi bắt đầu tiêm và loại vắc xin. Thông thường, người bắt đầu tiêm khi còn nhỏ tuổi có thể chỉ cần 2 mũi, còn người lớn hơn cần 3 mũi trong khoảng 6 tháng. Bác sĩ sẽ tư vấn phác đồ phù hợp; hãy tiêm đủ và đúng lịch để đạt hiệu quả tốt nhất.

## Những trường hợp cần lưu ý

- **Đang mang thai**: chưa nên tiêm; nếu lỡ tiêm khi chưa biết có thai, đừng quá lo lắng, hãy báo bác sĩ và hoãn các mũi còn lại đến sau sinh.
- **Đang sốt cao hoặc bệnh cấp tính**: nên hoãn đến khi khỏi.
- **Từng dị ứng nặng** với thành phần vắc xin hoặc mũi tiêm trước: không tiêm.

## Sau tiêm có thể gặp gì?

Thường gặp nhất là đau, đỏ, sưng nhẹ tại chỗ tiêm, có thể sốt nhẹ, mệt hoặc đau đầu, tự hết sau 1 – 2 ngày. Bạn nên ngồi nghỉ và theo dõi tại cơ sở tiêm khoảng 30 phút sau tiêm.

## Tiêm rồi có cần tầm soát?

Có. Vắc xin không phòng được tất cả các type HPV gây ung thư, vì vậy phụ nữ vẫn cần **tầm soát ung thư cổ tử cung định kỳ** theo lịch bác sĩ hướng dẫn. Sử dụng bao cao su đúng cách cũng giúp giảm nguy cơ lây nhiễm.

${DISCLAIMER}`,
  },
  {
    title: 'Phòng ngừa các bệnh lây truyền qua đường tình dục: hiểu đúng để tự bảo vệ',
    excerpt:
      'Nhiều bệnh lây truyền qua đường tình dục không có triệu chứng nhưng vẫn có thể gây vô sinh và biến chứng lâu dài. Những biện pháp đơn giản như dùng bao cao su, tiêm phòng và xét nghiệm định kỳ giúp bạn và người ấy an toàn hơn.',
    category: 'Phòng bệnh',
    author: 'BS. Võ Quốc Bảo',
    readTime: '6 phút',
    image: 'prevention-sti.png',
    featured: false,
    status: 'PUBLISHED',
    daysAgo: 15,
    content: `## Những bệnh thường gặp

Các bệnh lây truyền qua đường tình dục (STI) gồm chlamydia, lậu, giang mai, trichomonas, herpes sinh dục, HPV, viêm gan B và HIV. Bệnh lây qua quan hệ tình dục đường âm đạo, hậu môn hoặc miệng; một số bệnh còn lây qua máu hoặc từ mẹ sang con.

## "Không có triệu chứng" không có nghĩa là không mắc bệnh

Chlamydia và lậu, đặc biệt ở nữ, thường **không gây triệu chứng**. Nếu không được điều trị, nhiễm trùng có thể lan lên tử cung, vòi trứng, gây viêm vùng chậu, đau vùng chậu mạn tính, **thai ngoài tử cung và vô sinh**. Giang mai, HIV và viêm gan B có thể lây từ mẹ sang con trong thai kỳ.

Hãy đi khám khi có: tiết dịch bất thường ở âm đạo hay dương vật, tiểu buốt, đau khi quan hệ, ra máu bất thường, vết loét, mụn nước hay nốt sùi ở vùng sinh dục, hậu môn, miệng.

## Các biện pháp phòng ngừa hiệu quả

1. **Dùng bao cao su đúng cách và trong suốt cuộc quan hệ**, kể cả quan hệ bằng miệng và hậu môn.
2. **Tiêm vắc xin** phòng viêm gan B và HPV.
3. **Xét nghiệm định kỳ**, nhất là khi có bạn tình mới, có nhiều bạn tình, hoặc trước khi mang thai.
4. **Trò chuyện cởi mở với bạn tình** về tình trạng sức khỏe và cùng đi xét nghiệm.
5. **Dự phòng trước phơi nhiễm HIV (PrEP)** cho người có nguy cơ cao, theo tư vấn của bác sĩ. Sau một lần phơi nhiễm nguy cơ, cần đến cơ sở y tế **càng sớm càng tốt, trong vòng 72 giờ** để được đánh giá dùng thuốc dự phòng sau phơi nhiễm.

## Nếu được chẩn đoán mắc bệnh

- **Điều trị đủ liều theo chỉ định**, không tự mua kháng sinh. Dùng thuốc sai cách làm vi khuẩn kháng thuốc, đặc biệt là lậu.
- **Bạn tình cũng cần được khám và điều trị**, nếu không rất dễ tái nhiễm.
- Tránh quan hệ tình dục cho đến khi bác sĩ xác nhận đã điều trị xong.
- Tái khám và xét nghiệm lại theo hẹn.

## Bảo mật và không phán xét

Tại phòng khám, thông tin của bạn được giữ kín. Đi xét nghiệm là hành động có trách nhiệm với bản thân và người mình yêu thương, không có gì phải ngại ngùng.

${DISCLAIMER}`,
  },
  {
    title: 'Vận động an toàn khi mang thai',
    excerpt:
      'Tập luyện vừa sức trong thai kỳ giúp mẹ bầu ngủ ngon, giảm đau lưng, kiểm soát cân nặng và đường huyết. Tìm hiểu những bài tập phù hợp, cường độ an toàn và các dấu hiệu cần dừng lại ngay.',
    category: 'Thể dục',
    author: 'BS. Nguyễn Văn An',
    readTime: '5 phút',
    image: 'exercise-pregnancy.png',
    featured: false,
    status: 'PUBLISHED',
    daysAgo: 10,
    content: `## Lợi ích của vận động trong thai kỳ

Với thai kỳ bình thường, vận động đều đặn giúp:

- Giảm đau lưng, táo bón, phù chân.
- Giảm nguy cơ đái tháo đường thai kỳ và tăng cân quá mức.
- Cải thiện tâm trạng, giấc ngủ và sức bền cho lúc chuyển dạ.
- Giúp phục hồi nhanh hơn sau sinh.

Trước khi bắt đầu, hãy hỏi ý kiến bác sĩ khám thai, đặc biệt nếu bạn có bệnh lý tim, phổi, tiền sản giật, nhau tiền đạo, dọa sinh non hay ra máu.

## Tập bao nhiêu là đủ?

Khuyến cáo phổ biến là khoảng **150 phút mỗi tuần** với cường độ vừa phải, chia thành nhiều buổi, ví dụ 30 phút mỗi ngày, 5 ngày mỗi tuần. Một cách đơn giản để kiểm tra cường độ là **"thử nói chuyện"**: bạn vẫn nói được thành câu trong khi tập, nhưng không đủ hơi để hát.

Nếu trước đây ít vận động, hãy bắt đầu từ 10 – 15 phút mỗi ngày và tăng dần.

## Bài tập phù hợp

- **Đi bộ**: dễ thực hiện, an toàn trong suốt thai kỳ.
- **Bơi, đi bộ trong nước**: nước nâng đỡ cơ thể, giảm áp lực lên khớp.
- **Đạp xe tại chỗ**: ít nguy cơ ngã hơn đạp xe ngoài đường.
- **Yoga, pilates dành cho bà bầu** với huấn luyện viên có kinh nghiệm.
- **Bài tập sàn chậu** mỗi ngày.

## Những điều nên tránh

- Môn thể thao đối kháng, dễ va chạm hoặc dễ ngã: bóng đá, võ thuật, cưỡi ngựa, trượt tuyết.
- Lặn biển có bình dưỡng khí; tập ở độ cao lớn khi chưa thích nghi.
- Tập trong phòng quá nóng, "hot yoga".
- Nằm ngửa lâu khi thai đã lớn; hãy nằm nghiêng hoặc kê cao lưng.

Uống đủ nước, mặc quần áo thoáng mát, khởi động và thả lỏng trước và sau khi tập.

## Dừng tập và liên hệ bác sĩ nếu có

- Ra máu âm đạo hoặc rỉ nước ối.
- Cơn gò tử cung đều đặn, gây đau.
- Chóng mặt, đau đầu, đau ngực, khó thở trước cả khi gắng sức.
- Đau hoặc sưng bắp chân.
- Yếu cơ ảnh hưởng đến thăng bằng.

${DISCLAIMER}`,
  },
  {
    title: 'Bài tập sàn chậu (Kegel) cho phụ nữ sau sinh',
    excerpt:
      'Mang thai và sinh nở làm nhóm cơ sàn chậu yếu đi, dễ gây són tiểu. Bài tập Kegel đơn giản, có thể tập ở bất cứ đâu, giúp cơ sàn chậu khỏe trở lại nếu tập đúng cách và đều đặn.',
    category: 'Thể dục',
    author: 'BS. Phạm Minh Châu',
    readTime: '5 phút',
    image: 'exercise-pelvic-floor.png',
    featured: false,
    status: 'PUBLISHED',
    daysAgo: 26,
    content: `## Cơ sàn chậu là gì?

Cơ sàn chậu là nhóm cơ như một chiếc "võng" nằm ở đáy khung chậu, nâng đỡ bàng quang, tử cung và trực tràng. Trong thai kỳ và khi sinh thường, nhóm cơ này bị kéo giãn. Sau sinh, nhiều mẹ bị **són tiểu khi ho, hắt hơi, cười** hoặc khi mang vác nặng. Tập luyện đúng cách giúp cải thiện đáng kể tình trạng này.

## Cách xác định đúng cơ

Hãy tưởng tượng bạn đang cố nhịn tiểu và đồng thời nhịn xì hơi. Cảm giác thắt lại và kéo lên ở vùng âm đạo, hậu môn chính là cơ sàn chậu đang co.

Lưu ý: có thể thử nhịn tiểu **một lần** để nhận biết cơ, nhưng **không nên tập bằng cách ngắt dòng nước tiểu thường xuyên**, vì có thể khiến bàng quang làm rỗng không hết.

## Các bước tập

1. Làm rỗng bàng quang, nằm ngửa co gối hoặc ngồi thoải mái.
2. **Co cơ sàn chậu** và giữ trong 3 – 5 giây, vẫn thở đều, không nín thở.
3. **Thả lỏng hoàn toàn** trong thời gian tương đương.
4. Lặp lại 10 lần cho một lượt; tập **3 lượt mỗi ngày**.
5. Khi đã quen, tăng dần thời gian giữ lên 10 giây và thêm vài lần co nhanh, thả nhanh.

Không dùng cơ bụng, cơ mông hay cơ đùi để "gồng" thay cho cơ sàn chậu.

## Khi nào bắt đầu?

Nhiều mẹ có thể bắt đầu co cơ nhẹ nhàng ngay trong những ngày đầu sau sinh nếu không đau. Với mẹ sinh mổ, rách tầng sinh môn nhiều hoặc có biến chứng, hãy hỏi ý kiến bác sĩ trước. Kết quả thường thấy rõ sau **vài tuần đến vài tháng** tập đều đặn.

## Mẹo để duy trì

- Gắn việc tập với thói quen hằng ngày: khi cho con bú, khi đánh răng, khi chờ đèn đỏ.
- Co cơ sàn chậu trước khi ho, hắt hơi hoặc nâng đồ vật.
- Giữ cân nặng hợp lý, tránh táo bón và rặn mạnh.

## Khi nào cần gặp bác sĩ?

Nếu sau khoảng 3 tháng tập đều vẫn còn són tiểu, có cảm giác nặng hoặc có khối sa xuống ở âm đạo, đau khi quan hệ hay són phân, hãy đi khám. Bác sĩ có thể giới thiệu chương trình phục hồi chức năng sàn chậu chuyên sâu.

${DISCLAIMER}`,
  },
  {
    title: 'Trầm cảm sau sinh: nhận biết sớm để không ai phải một mình',
    excerpt:
      'Cảm giác buồn bã thoáng qua sau sinh rất thường gặp, nhưng nếu kéo dài quá hai tuần và ảnh hưởng đến sinh hoạt, đó có thể là trầm cảm sau sinh. Bệnh điều trị được, và sự hỗ trợ của gia đình đóng vai trò rất lớn.',
    category: 'Tâm thần',
    author: 'BS. Hoàng Thu Trang',
    readTime: '7 phút',
    image: 'mental-postpartum.png',
    featured: true,
    status: 'PUBLISHED',
    daysAgo: 6,
    content: `## "Baby blues" và trầm cảm sau sinh khác nhau thế nào?

Rất nhiều bà mẹ trải qua **"baby blues"** trong vài ngày đầu sau sinh: dễ khóc, thay đổi cảm xúc, lo lắng, mệt mỏi. Tình trạng này thường nhẹ và **tự hết trong khoảng hai tuần**.

**Trầm cảm sau sinh** nặng hơn và kéo dài hơn. Bệnh có thể bắt đầu trong thai kỳ hoặc bất cứ lúc nào trong năm đầu sau sinh, gặp ở khoảng 1 trong 7 – 10 bà mẹ. Đây là bệnh lý, **không phải do người mẹ yếu đuối hay không thương con**.

## Dấu hiệu cần lưu ý

Khi các biểu hiện dưới đây kéo dài **trên hai tuần**:

- Buồn bã, trống rỗng, hay khóc gần như cả ngày.
- Mất hứng thú với mọi việc, kể cả chăm sóc con.
- Mất ngủ ngay cả khi con ngủ, hoặc ngủ quá nhiều.
- Ăn mất ngon hoặc ăn quá nhiều.
- Cảm thấy vô dụng, tội lỗi, "không phải là người mẹ tốt".
- Khó tập trung, khó đưa ra quyết định.
- Lo âu, hoảng sợ, cáu gắt; khó gắn kết với em bé.

## Khi nào cần giúp đỡ khẩn cấp?

Nếu người mẹ có **ý nghĩ tự làm hại bản thân hoặc em bé**, nghe thấy hay nhìn thấy những điều không có thật, hoặc hoang mang, lú lẫn, hãy **gọi 115 hoặc đưa đến cơ sở y tế ngay**, không để người mẹ ở một mình.

## Yếu tố nguy cơ

Tiền sử trầm cảm, lo âu; từng bị trầm cảm sau sinh; căng thẳng trong cuộc sống, thiếu sự hỗ trợ; mang thai ngoài ý muốn; biến chứng thai kỳ hoặc em bé phải nằm viện; khó khăn khi nuôi con bằng sữa mẹ. Tuy nhiên, trầm cảm có thể xảy ra với bất kỳ ai.

## Điều trị như thế nào?

Trầm cảm sau sinh **điều trị được**. Tùy mức độ, bác sĩ có thể đề nghị tư vấn tâm lý, liệu pháp nhận thức hành vi, và khi cần, dùng thuốc chống trầm cảm. Có những loại thuốc phù hợp với việc cho con bú; bác sĩ sẽ cân nhắc kỹ lợi ích và nguy cơ. Đừng tự ý ngừng thuốc khi thấy đỡ.

Tại buổi khám sau sinh, bác sĩ có thể dùng bộ câu hỏi sàng lọc ngắn như thang điểm Edinburgh (EPDS) để đánh giá tâm trạng của mẹ.

## Gia đình có thể làm gì?

1. **Lắng nghe mà không phán xét**; tránh những câu như "cố lên", "ai cũng vậy mà".
2. **Chia sẻ việc chăm con và việc nhà** để mẹ được nghỉ ngơi, ngủ đủ.
3. **Khuyến khích và đi cùng mẹ đến gặp bác sĩ**.
4. Để ý các dấu hiệu nguy hiểm và hành động ngay khi cần.

Nếu bạn đang cảm thấy như vậy, hãy nói với người thân hoặc đặt lịch khám. Bạn không phải vượt qua một mình.

${DISCLAIMER}`,
  },
  {
    title: 'Căng thẳng khi mong con: chăm sóc sức khỏe tinh thần trong hành trình điều trị hiếm muộn',
    excerpt:
      'Hành trình điều trị hiếm muộn thường kéo dài với nhiều lo âu, hy vọng và thất vọng. Nhận diện căng thẳng và có chiến lược chăm sóc tinh thần giúp các cặp đôi bền bỉ hơn và gắn bó với nhau hơn.',
    category: 'Tâm thần',
    author: 'BS. Đặng Thanh Hương',
    readTime: '6 phút',
    image: 'mental-fertility-stress.png',
    featured: false,
    status: 'PUBLISHED',
    daysAgo: 30,
    content: `## Hiếm muộn không chỉ là chuyện thể chất

Một cặp vợ chồng được xem là hiếm muộn khi quan hệ đều đặn, không dùng biện pháp tránh thai **sau 12 tháng** mà chưa có thai (**6 tháng** nếu người vợ từ 35 tuổi trở lên). Bên cạnh các xét nghiệm và phác đồ điều trị, nhiều người phải đối mặt với áp lực lớn: lo lắng mỗi chu kỳ, thất vọng khi kết quả âm tính, câu hỏi từ gia đình, gánh nặng tài chính và cảm giác cô đơn.

## Căng thẳng có làm khó có thai hơn?

Mối liên hệ trực tiếp giữa căng thẳng và khả năng có thai vẫn còn được nghiên cứu, và **căng thẳng không phải là "lỗi" khiến bạn chưa có con**. Tuy vậy, căng thẳng kéo dài ảnh hưởng đến giấc ngủ, ăn uống, đời sống vợ chồng và khả năng theo đuổi điều trị. Chăm sóc tinh thần vì thế là một phần quan trọng của việc điều trị.

## Dấu hiệu bạn cần thêm hỗ trợ

- Buồn bã, lo âu kéo dài, mất hứng thú với các hoạt động trước đây.
- Khó ngủ, khó tập trung trong công việc.
- Tránh gặp bạn bè có con nhỏ, tránh các buổi họp mặt gia đình.
- Vợ chồng thường xuyên căng thẳng, đổ lỗi cho nhau.

## Những cách giúp bạn nhẹ lòng hơn

1. **Tìm hiểu rõ kế hoạch điều trị**: đặt câu hỏi cho bác sĩ về từng bước, tỷ lệ thành công, thời gian chờ. Hiểu rõ giúp giảm lo lắng vì những điều chưa biết.
2. **Cùng nhau quyết định**: xem đây là hành trình chung của hai người; dành thời gian cho nhau không xoay quanh chuyện con cái.
3. **Đặt giới hạn** với những câu hỏi thiếu tế nhị; bạn có quyền không chia sẻ.
4. **Duy trì thói quen lành mạnh**: ngủ đủ, vận động nhẹ nhàng, ăn uống cân bằng, hạn chế rượu bia và không hút thuốc.
5. **Thực hành thư giãn**: hít thở chậm, thiền chánh niệm, yoga nhẹ, viết nhật ký.
6. **Kết nối với người cùng hoàn cảnh** qua các nhóm hỗ trợ uy tín.

## Tư vấn tâm lý

Gặp chuyên gia tâm lý không có nghĩa là bạn yếu đuối. Tư vấn giúp bạn xử lý cảm xúc sau mỗi chu kỳ không thành công, chuẩn bị cho những quyết định khó như chuyển sang phương pháp khác hay tạm dừng điều trị. Nếu có ý nghĩ tự làm hại bản thân, hãy tìm sự giúp đỡ ngay hoặc gọi **115**.

Hãy nhớ rằng giá trị của bạn không được định nghĩa bởi kết quả của một chu kỳ điều trị.

${DISCLAIMER}`,
  },
  {
    title: 'Khám sức khỏe tiền hôn nhân: cần chuẩn bị những gì?',
    excerpt: 'Bản nháp: danh sách các xét nghiệm và lời khuyên trước khi kết hôn, đang được bác sĩ hoàn thiện.',
    category: 'Phòng bệnh',
    author: 'BS. Hoàng Thu Trang',
    readTime: '4 phút',
    image: 'prevention-hpv-vaccine.png',
    featured: false,
    status: 'DRAFT',
    daysAgo: 0,
    content: `## Vì sao nên khám tiền hôn nhân?

Khám sức khỏe trước khi kết hôn giúp hai bạn hiểu rõ tình trạng sức khỏe của nhau, phát hiện sớm các bệnh có thể ảnh hưởng đến thai kỳ và con cái.

## Các nội dung thường gồm

- Khám tổng quát, đo huyết áp, chỉ số cơ thể.
- Xét nghiệm máu: công thức máu, nhóm máu, sàng lọc thalassemia.
- Xét nghiệm viêm gan B, HIV, giang mai.
- Kiểm tra miễn dịch rubella và tư vấn tiêm phòng trước khi mang thai.

*(Đang bổ sung phần chuẩn bị trước khi đi khám.)*`,
  },
  {
    title: 'Chương trình tầm soát miễn phí tháng 3 (đã kết thúc)',
    excerpt:
      'Thông báo về chương trình tầm soát ung thư cổ tử cung miễn phí đã kết thúc. Bài viết được lưu trữ để tham khảo.',
    category: 'Phòng bệnh',
    author: 'Phòng khám An Tâm',
    readTime: '2 phút',
    image: 'cancer-cervical-screening.png',
    featured: false,
    status: 'ARCHIVED',
    daysAgo: 240,
    content: `## Chương trình đã kết thúc

Cảm ơn quý khách đã quan tâm đến chương trình tầm soát ung thư cổ tử cung miễn phí trong tháng 3. Chương trình đã kết thúc.

Quý khách vẫn có thể **đặt lịch khám tầm soát** tại phòng khám vào bất kỳ ngày làm việc nào, từ 8:00 đến 17:00, Thứ Hai đến Thứ Bảy.`,
  },
];

/** Demo discussion: comments (with replies) by post title, and how many demo visitors liked or disliked each. */
export type DemoComment = {
  authorName: string;
  content: string;
  hoursAfter: number;
  status?: 'APPROVED' | 'PENDING' | 'REJECTED';
  likes?: number;
  dislikes?: number;
  replies?: DemoComment[];
};

export const DEMO_COMMENTS: { postTitle: string; comments: DemoComment[] }[] = [
  {
    postTitle: 'Tầm soát ung thư cổ tử cung: xét nghiệm Pap, HPV và lịch khám phù hợp',
    comments: [
      {
        authorName: 'Nguyễn Thị Lan',
        content: 'Em 28 tuổi, đã tiêm đủ 3 mũi HPV từ năm 2020 thì có cần làm xét nghiệm Pap nữa không ạ?',
        hoursAfter: 5,
        likes: 6,
        replies: [
          {
            authorName: 'BS. Lê Thị Hồng Nhung',
            content:
              'Chào bạn Lan, bạn vẫn nên tầm soát định kỳ nhé. Vắc xin không phòng được tất cả các type HPV gây ung thư. Ở tuổi của bạn, xét nghiệm tế bào mỗi 3 năm là phù hợp nếu các lần trước bình thường.',
            hoursAfter: 9,
            likes: 9,
          },
          {
            authorName: 'Nguyễn Thị Lan',
            content: 'Dạ em cảm ơn bác sĩ, em sẽ đặt lịch khám tháng sau ạ.',
            hoursAfter: 11,
            likes: 1,
          },
        ],
      },
      {
        authorName: 'Trần Minh Hằng',
        content: 'Bài viết rất dễ hiểu. Mình đi làm xét nghiệm thấy nhanh và không đau như mình tưởng.',
        hoursAfter: 20,
        likes: 4,
        dislikes: 1,
      },
      {
        authorName: 'Khuyến mãi 24h',
        content: 'Mua thuốc đặc trị HPV giá rẻ, liên hệ ngay để nhận ưu đãi!!!',
        hoursAfter: 22,
        status: 'REJECTED',
      },
    ],
  },
  {
    postTitle: 'Trầm cảm sau sinh: nhận biết sớm để không ai phải một mình',
    comments: [
      {
        authorName: 'Minh Thư',
        content:
          'Sau khi sinh bé đầu mình đã trải qua đúng những cảm giác này mà không biết là bệnh. May có chồng nhận ra và đưa đi khám. Cảm ơn phòng khám đã viết bài này.',
        hoursAfter: 3,
        likes: 12,
        replies: [
          {
            authorName: 'Hoàng Anh',
            content: 'Cảm ơn chị đã chia sẻ, em đang mang thai tháng thứ 7 và đọc để chuẩn bị tinh thần.',
            hoursAfter: 6,
            likes: 3,
          },
          {
            authorName: 'BS. Hoàng Thu Trang',
            content:
              'Cảm ơn chị Thư đã chia sẻ câu chuyện của mình. Sự đồng hành của người thân thật sự rất quan trọng.',
            hoursAfter: 8,
            likes: 5,
          },
        ],
      },
      {
        authorName: 'Phạm Thu Hà',
        content: 'Cho em hỏi đang cho con bú thì có dùng thuốc điều trị được không ạ?',
        hoursAfter: 30,
        status: 'PENDING',
      },
    ],
  },
  {
    postTitle: 'Đái tháo đường thai kỳ: xét nghiệm khi nào và ăn uống ra sao?',
    comments: [
      {
        authorName: 'Thu Hương',
        content: 'Khi làm nghiệm pháp có được uống nước lọc trong lúc nhịn ăn không bác sĩ?',
        hoursAfter: 4,
        likes: 3,
        replies: [
          {
            authorName: 'BS. Phạm Minh Châu',
            content:
              'Chào bạn, bạn có thể uống một ít nước lọc khi nhịn ăn, nhưng không uống sữa, nước ngọt hay nước trái cây nhé.',
            hoursAfter: 7,
            likes: 7,
          },
        ],
      },
    ],
  },
  {
    postTitle: 'Vắc xin HPV: ai nên tiêm và tiêm khi nào?',
    comments: [
      {
        authorName: 'Mẹ bé Na',
        content: 'Con gái tôi 10 tuổi, tiêm bây giờ có sớm quá không? Tôi hơi lo về tác dụng phụ.',
        hoursAfter: 2,
        likes: 2,
        dislikes: 0,
        replies: [
          {
            authorName: 'BS. Trần Thị Bích Ngọc',
            content:
              'Chào chị, từ 9 tuổi là độ tuổi được khuyến khích tiêm vì hiệu quả bảo vệ tốt nhất. Tác dụng phụ thường nhẹ như đau chỗ tiêm, sốt nhẹ. Chị có thể đưa bé đến để bác sĩ khám và tư vấn cụ thể.',
            hoursAfter: 4,
            likes: 4,
          },
        ],
      },
    ],
  },
];
