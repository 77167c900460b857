import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Department, DepartmentDepositRequest } from '@clinic/shared';
import { api } from '@/lib/api-client';

export function setDepartmentDeposit(code: string, body: DepartmentDepositRequest): Promise<Department> {
  return api.put<Department>(`/departments/${encodeURIComponent(code)}/deposit`, body);
}

export function useSetDepartmentDeposit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, depositAmount }: { code: string; depositAmount: number | null }) =>
      setDepartmentDeposit(code, { depositAmount }),
    // The booking form's list carries the deposit too.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['departments'] }),
        client.invalidateQueries({ queryKey: ['appointments', 'public', 'departments'] }),
      ]),
  });
}
