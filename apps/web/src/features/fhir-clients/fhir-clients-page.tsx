import { useState } from 'react';
import toast from 'react-hot-toast';
import { Plug, Plus } from 'lucide-react';
import { FHIR_MSG, formatDateTime, type FhirClient } from '@clinic/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryState } from '@/components/ui/query-state';
import { usePageTitle } from '@/hooks/use-page-title';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { useFhirClients, useRevokeFhirClient } from './api/fhir-clients';
import { FHIR_CLIENTS_TEXT as T } from './fhir-clients-texts';
import { RegisterFhirClientModal } from './register-fhir-client-modal';

/**
 * 'Ứng dụng kết nối (FHIR)' (ADMIN, permission manageFhirClients; issue 38, docs/FHIR.md): the
 * outside systems registered for the FHIR endpoint, registering one, and revoking one after a
 * confirmation (its tokens stop working at once).
 */
export default function FhirClientsPage() {
  usePageTitle(T.title);
  const clients = useFhirClients();
  const [registering, setRegistering] = useState(false);
  const [revoking, setRevoking] = useState<FhirClient | null>(null);
  const revoke = useRevokeFhirClient();
  const zone = clinicTimeZone();

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast.success(FHIR_MSG.revoked);
        setRevoking(null);
      },
      onError: (error) => toast.error(error.message || T.revokeFailed),
    });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{T.title}</h1>
          <p className="mt-1 max-w-3xl text-slate-600">{T.intro}</p>
        </div>
        <Button onClick={() => setRegistering(true)} className="self-start">
          <Plus aria-hidden="true" className="size-4" />
          {T.register}
        </Button>
      </div>
      <QueryState query={clients} loadingLabel={T.loading} errorTitle={T.loadFailed}>
        {(list) =>
          list.length === 0 ? (
            <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              <EmptyState icon={Plug} title={T.empty} description={T.emptyHint} />
            </div>
          ) : (
            <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{T.tableCaption}</caption>
                <thead className="bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      {T.name}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      {T.clientId}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      {T.scopes}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      {T.created}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      {T.status}
                    </th>
                    <th scope="col" className="px-4 py-3">
                      <span className="sr-only">{T.actions}</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {list.map((c) => (
                    <tr key={c.id} className={c.revokedAt ? 'text-slate-500' : 'text-slate-900'}>
                      <th scope="row" className="px-4 py-3 font-medium">
                        {c.name}
                      </th>
                      <td className="px-4 py-3 font-mono text-xs break-all">{c.clientId}</td>
                      <td className="px-4 py-3">
                        <ul className="flex flex-wrap gap-1">
                          {c.scopes.map((s) => (
                            <li key={s}>
                              <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">
                                {s}
                              </code>
                            </li>
                          ))}
                        </ul>
                      </td>
                      <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(c.createdAt, zone)}</td>
                      <td className="px-4 py-3">
                        {c.revokedAt ? (
                          <Badge tone="neutral">{T.revokedOn(formatDateTime(c.revokedAt, zone))}</Badge>
                        ) : (
                          <Badge tone="success">{T.active}</Badge>
                        )}
                      </td>
                      <td className="px-4 py-3 text-right">
                        {!c.revokedAt && (
                          <Button
                            variant="danger"
                            size="sm"
                            aria-label={T.revokeOf(c.name)}
                            onClick={() => setRevoking(c)}
                          >
                            {T.revoke}
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
      {registering && <RegisterFhirClientModal onClose={() => setRegistering(false)} />}
      <ConfirmDialog
        open={revoking !== null}
        title={T.revokeTitle}
        message={revoking ? T.revokeMessage(revoking.name) : ''}
        confirmLabel={T.revoke}
        loading={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </div>
  );
}
