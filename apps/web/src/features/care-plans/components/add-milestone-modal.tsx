import { useState } from 'react';
import { carePlanAddVisitRequestSchema, type CarePlan, type DepartmentCode } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { closeWhenDone } from '@/lib/action-toast';
import { errorMessage } from '@/lib/error-message';
import { useAddCarePlanVisit } from '../api/add-care-plan-visit';
import {
  emptyMilestone,
  milestoneErrorsOf,
  milestoneInput,
  MilestoneFields,
  type MilestoneErrors,
} from './milestone-fields';

/** 'Thêm mốc' (ADMIN, STAFF, DOCTOR): a milestone added to a running plan, counted from its anchor. */
export function AddMilestoneModal({ plan, onClose }: { plan: CarePlan; onClose: () => void }) {
  const add = useAddCarePlanVisit();
  const [value, setValue] = useState(() => emptyMilestone(plan.visits[0]?.department as DepartmentCode | undefined));
  const [errors, setErrors] = useState<MilestoneErrors>({});
  const submit = () => {
    const parsed = carePlanAddVisitRequestSchema.safeParse(milestoneInput(value));
    if (!parsed.success) return setErrors(milestoneErrorsOf(parsed.error.issues));
    setErrors({});
    add.mutate({ id: plan.id, milestone: parsed.data }, closeWhenDone(onClose));
  };
  return (
    <Modal
      open
      onClose={onClose}
      preventClose={add.isPending}
      size="lg"
      title="Thêm mốc vào kế hoạch"
      description="Mốc được tính từ mốc tính của kế hoạch; lượt khám mới chưa được đặt lịch và sẽ vào danh sách cần gọi lại."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={add.isPending}>
            Hủy
          </Button>
          <Button type="submit" form="add-milestone-form" loading={add.isPending}>
            {add.isPending ? 'Đang thêm...' : 'Thêm mốc'}
          </Button>
        </>
      }
    >
      <form
        id="add-milestone-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        className="space-y-3"
      >
        {add.isError && <Alert tone="error">{errorMessage(add.error, 'Không thêm được mốc')}</Alert>}
        <MilestoneFields
          idPrefix="add-milestone"
          anchor={plan.anchor}
          value={value}
          errors={errors}
          onChange={setValue}
        />
      </form>
    </Modal>
  );
}
