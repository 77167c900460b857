import { useState } from 'react';
import toast from 'react-hot-toast';
import { Plus, Trash2 } from 'lucide-react';
import {
  ANCHORS_OF_KIND,
  CARE_PLAN_KINDS,
  CARE_PLAN_TEXT,
  carePlanTemplateSaveSchema,
  type CarePlanAnchor,
  type CarePlanKind,
  type CarePlanTemplate,
} from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldMessages, FormField, Input, inputClasses } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { closeWhenDone } from '@/lib/action-toast';
import { errorMessage } from '@/lib/error-message';
import { useCreateCarePlanTemplate } from '../api/create-care-plan-template';
import { useUpdateCarePlanTemplate } from '../api/update-care-plan-template';
import {
  emptyMilestone,
  milestoneErrorsOf,
  milestoneInput,
  milestoneValuesOf,
  MilestoneFields,
  type MilestoneErrors,
  type MilestoneValues,
} from './milestone-fields';

type TemplateValues = {
  name: string;
  kind: CarePlanKind;
  anchors: CarePlanAnchor[];
  milestones: MilestoneValues[];
  active: boolean;
};
type TemplateErrors = { name?: string; anchors?: string; milestones?: string; each: MilestoneErrors[] };

const FORM_ID = 'care-plan-template-form';
export const NEW_VERSION_NOTE =
  'Lưu thay đổi sẽ tạo phiên bản mới của mẫu, chỉ dùng cho các kế hoạch tạo từ nay; các kế hoạch đang theo dõi giữ phiên bản cũ.';

function valuesOf(template: CarePlanTemplate | null): TemplateValues {
  if (!template) return { name: '', kind: 'ANTENATAL', anchors: ['LMP'], milestones: [emptyMilestone()], active: true };
  return {
    name: template.name,
    kind: template.kind,
    anchors: [...template.anchors],
    milestones: template.milestones.map(milestoneValuesOf),
    active: template.active,
  };
}

/** The issues of the template's check, each at its input. */
function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[], count: number): TemplateErrors {
  const errors: TemplateErrors = { each: Array.from({ length: count }, () => ({})) };
  const perMilestone: { path: readonly PropertyKey[]; message: string }[][] = errors.each.map(() => []);
  for (const issue of issues) {
    const [field, index, ...rest] = issue.path;
    if (field === 'milestones' && typeof index === 'number')
      perMilestone[index]?.push({ path: rest, message: issue.message });
    else if (field === 'name' || field === 'anchors' || field === 'milestones') errors[field] ??= issue.message;
  }
  errors.each = perMilestone.map(milestoneErrorsOf);
  return errors;
}

/**
 * Create or edit a care-plan template (ADMIN): its name, kind, anchors and milestones, each window in
 * the anchor's counting with its text as plans will show it. Editing makes a new version for new plans.
 */
export function TemplateEditorModal({ template, onClose }: { template: CarePlanTemplate | null; onClose: () => void }) {
  const create = useCreateCarePlanTemplate();
  const update = useUpdateCarePlanTemplate();
  const mutation = template ? update : create;
  const [values, setValues] = useState(() => valuesOf(template));
  const [errors, setErrors] = useState<TemplateErrors>({ each: [] });
  const allowed = ANCHORS_OF_KIND[values.kind];
  // The windows are entered in the counting of the template's first anchor.
  const counting: CarePlanAnchor = values.anchors[0] ?? allowed[0]!;
  const errorCount =
    [errors.name, errors.anchors, errors.milestones].filter(Boolean).length +
    errors.each.reduce((n, e) => n + Object.keys(e).length, 0);

  const set = <K extends keyof TemplateValues>(key: K, value: TemplateValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const setMilestone = (i: number, next: MilestoneValues) =>
    setValues((v) => ({ ...v, milestones: v.milestones.map((m, j) => (j === i ? next : m)) }));

  const submit = () => {
    const body = {
      name: values.name,
      kind: values.kind,
      anchors: values.anchors,
      milestones: values.milestones.map(milestoneInput),
      active: values.active,
    };
    const parsed = carePlanTemplateSaveSchema.safeParse(body);
    if (!parsed.success) return setErrors(errorsOf(parsed.error.issues, values.milestones.length));
    setErrors({ each: [] });
    if (template)
      update.mutate(
        { id: template.id, body: parsed.data },
        {
          onSuccess: (saved) => {
            toast.success(
              `${saved.message}: phiên bản ${saved.template.version} dùng cho các kế hoạch tạo từ nay; kế hoạch đang theo dõi giữ phiên bản cũ.`,
              { duration: 8000 },
            );
            onClose();
          },
        },
      );
    else create.mutate(parsed.data, closeWhenDone(onClose));
  };

  return (
    <Modal
      open
      onClose={onClose}
      preventClose={mutation.isPending}
      size="xl"
      title={template ? `Sửa mẫu: ${template.name}` : 'Tạo mẫu kế hoạch'}
      description={template ? NEW_VERSION_NOTE : 'Mẫu mới dùng được ngay cho các kế hoạch mới khi đang bật.'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
            Hủy
          </Button>
          <Button type="submit" form={FORM_ID} loading={mutation.isPending}>
            {mutation.isPending ? 'Đang lưu...' : template ? 'Lưu phiên bản mới' : 'Tạo mẫu'}
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        className="space-y-4"
      >
        {errorCount > 0 && <Alert tone="error">Vui lòng kiểm tra {errorCount} ô được đánh dấu bên dưới.</Alert>}
        {mutation.isError && <Alert tone="error">{errorMessage(mutation.error, 'Không lưu được mẫu kế hoạch')}</Alert>}
        <div className="grid gap-3 md:grid-cols-2">
          <FormField label="Tên kế hoạch" required error={errors.name}>
            {(c) => (
              <Input
                {...c}
                data-autofocus
                maxLength={120}
                value={values.name}
                onChange={(e) => set('name', e.target.value)}
              />
            )}
          </FormField>
          <FormField label="Loại kế hoạch" required>
            {(c) => (
              <select
                {...c}
                className={inputClasses}
                value={values.kind}
                onChange={(e) => {
                  const kind = e.target.value as CarePlanKind;
                  setValues((v) => ({ ...v, kind, anchors: [ANCHORS_OF_KIND[kind][0]!] }));
                }}
              >
                {CARE_PLAN_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {CARE_PLAN_TEXT.kinds[k]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <fieldset aria-describedby={errors.anchors ? 'template-anchors-error' : undefined}>
          <legend className="text-sm font-medium text-slate-800">Tính từ (mốc tính được phép)</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {allowed.map((a) => (
              <label key={a} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={values.anchors.includes(a)}
                  onChange={(e) =>
                    set('anchors', e.target.checked ? [...values.anchors, a] : values.anchors.filter((x) => x !== a))
                  }
                />
                {CARE_PLAN_TEXT.anchors[a]}
              </label>
            ))}
          </div>
          <FieldMessages
            error={errors.anchors}
            errorId="template-anchors-error"
            hint={`Khoảng thời gian các mốc được nhập theo: ${CARE_PLAN_TEXT.anchors[counting].toLowerCase()}.`}
          />
        </fieldset>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={values.active}
            onChange={(e) => set('active', e.target.checked)}
          />
          Đang dùng cho kế hoạch mới
        </label>
        <section aria-labelledby="template-milestones" className="space-y-3">
          <h3 id="template-milestones" className="text-base font-semibold text-slate-900">
            Các mốc
          </h3>
          {errors.milestones && <Alert tone="error">{errors.milestones}</Alert>}
          <ol className="space-y-3">
            {values.milestones.map((m, i) => (
              <li key={i} className="rounded-xl border border-slate-200 p-3">
                <div className="mb-2 flex items-center justify-between">
                  <p className="text-sm font-semibold text-brand-800">Mốc {i + 1}</p>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Xóa mốc ${i + 1}`}
                    disabled={values.milestones.length === 1}
                    onClick={() =>
                      set(
                        'milestones',
                        values.milestones.filter((_, j) => j !== i),
                      )
                    }
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    Xóa
                  </Button>
                </div>
                <MilestoneFields
                  idPrefix={`milestone-${i}`}
                  anchor={counting}
                  value={m}
                  errors={errors.each[i] ?? {}}
                  onChange={(next) => setMilestone(i, next)}
                />
              </li>
            ))}
          </ol>
          <Button
            variant="secondary"
            size="sm"
            disabled={values.milestones.length >= 30}
            onClick={() =>
              set('milestones', [...values.milestones, emptyMilestone(values.milestones.at(-1)?.department)])
            }
          >
            <Plus aria-hidden="true" className="size-4" />
            Thêm mốc
          </Button>
        </section>
      </form>
    </Modal>
  );
}
