import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { FHIR_MSG, registerFhirClientSchema } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField, Input, Textarea } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useRegisterFhirClient, useSupportedScopes } from './api/fhir-clients';
import { FHIR_CLIENTS_TEXT as T } from './fhir-clients-texts';

type Field = 'name' | 'clientId' | 'jwks' | 'scopes';
const FORM_ID = 'register-fhir-client-form';
/** Where the server's refusal belongs. */
const FIELD_OF_CODE: Record<string, Field> = { INVALID_JWKS: 'jwks', FHIR_CLIENT_EXISTS: 'clientId' };

/**
 * 'Đăng ký ứng dụng kết nối': a name, the client_id, the public key set pasted as JSON, and the scopes
 * chosen from those the server accepts. Checked here by the API's own schema before it is sent.
 */
export function RegisterFhirClientModal({ onClose }: { onClose: () => void }) {
  const scopes = useSupportedScopes(true);
  const register = useRegisterFhirClient();
  const [name, setName] = useState('');
  const [clientId, setClientId] = useState('');
  const [jwks, setJwks] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const legendId = useId();
  const scopesErrorId = useId();

  const clear = (field: Field) => setErrors((e) => ({ ...e, [field]: undefined }));

  function submit() {
    setFormError(null);
    const found: Partial<Record<Field, string>> = {};
    let keys: unknown;
    try {
      keys = JSON.parse(jwks);
    } catch {
      found.jwks = jwks.trim() === '' ? FHIR_MSG.jwksInvalid : T.jwksNotJson;
    }
    const parsed = registerFhirClientSchema.safeParse({ name, clientId, jwks: keys, scopes: chosen });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        // Any problem inside the key set is said once, in the API's words.
        found[field] ??= field === 'jwks' ? FHIR_MSG.jwksInvalid : issue.message;
      }
    }
    if (Object.keys(found).length > 0 || !parsed.success) {
      setErrors(found);
      return;
    }
    register.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(FHIR_MSG.registered);
        onClose();
      },
      onError: (error) => {
        const field = error instanceof ApiError && error.code ? FIELD_OF_CODE[error.code] : undefined;
        if (field) setErrors({ [field]: error.message });
        else setFormError(error.message || T.registerFailed);
      },
    });
  }

  return (
    <Modal
      open
      onClose={onClose}
      preventClose={register.isPending}
      size="lg"
      title={T.registerTitle}
      description={T.registerDescription}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={register.isPending}>
            {T.cancel}
          </Button>
          <Button type="submit" form={FORM_ID} loading={register.isPending}>
            {register.isPending ? T.submitting : T.submit}
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {formError && <Alert tone="error">{formError}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={T.name} required error={errors.name}>
            {(c) => (
              <Input
                {...c}
                data-autofocus
                autoComplete="off"
                maxLength={120}
                value={name}
                onChange={(e) => {
                  setName(e.target.value);
                  clear('name');
                }}
              />
            )}
          </FormField>
          <FormField label={T.clientId} required error={errors.clientId}>
            {(c) => (
              <Input
                {...c}
                autoComplete="off"
                spellCheck={false}
                maxLength={200}
                placeholder="emr.benhvien.vn"
                value={clientId}
                onChange={(e) => {
                  setClientId(e.target.value);
                  clear('clientId');
                }}
              />
            )}
          </FormField>
        </div>
        <FormField label={T.jwks} required hint={T.jwksHint} error={errors.jwks}>
          {(c) => (
            <Textarea
              {...c}
              rows={6}
              spellCheck={false}
              className="font-mono text-xs"
              placeholder='{ "keys": [ { "kty": "RSA", "kid": "k1", "alg": "RS384", "n": "…", "e": "AQAB" } ] }'
              value={jwks}
              onChange={(e) => {
                setJwks(e.target.value);
                clear('jwks');
              }}
            />
          )}
        </FormField>
        <fieldset
          aria-labelledby={legendId}
          aria-describedby={errors.scopes ? scopesErrorId : undefined}
          aria-invalid={errors.scopes ? true : undefined}
        >
          <legend id={legendId} className="text-sm font-medium text-slate-800">
            {T.scopesLegend}{' '}
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
          </legend>
          {scopes.isPending && <Spinner size="sm" label={T.scopesLoading} />}
          {scopes.isError && (
            <Alert tone="error">
              {T.scopesFailed}{' '}
              <Button variant="secondary" size="sm" onClick={() => void scopes.refetch()}>
                Thử lại
              </Button>
            </Alert>
          )}
          {scopes.data && (
            <ul className="mt-2 grid gap-2 sm:grid-cols-2">
              {scopes.data.map((scope) => (
                <li key={scope}>
                  <label className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      className="size-4 rounded border-slate-300 accent-brand-700"
                      checked={chosen.includes(scope)}
                      onChange={(e) => {
                        setChosen((c) => (e.target.checked ? [...c, scope] : c.filter((s) => s !== scope)));
                        clear('scopes');
                      }}
                    />
                    <code className="font-mono text-xs">{scope}</code>
                  </label>
                </li>
              ))}
            </ul>
          )}
          {errors.scopes && (
            <p id={scopesErrorId} className="mt-1 text-sm text-red-700">
              {errors.scopes}
            </p>
          )}
        </fieldset>
      </form>
    </Modal>
  );
}
