import { useParams } from 'react-router';
import { useNoIndex } from '@/hooks/use-no-index';
import { useManagedPayPage } from './api/get-managed-pay-page';
import { useStartManagedPayment } from './api/start-managed-payment';
import { PayScreen } from './pay-page';

/** /appointment/manage/:token/pay: she pays from the private link she got at booking. Never indexed. */
export default function ManagedPayPage() {
  useNoIndex();
  const { token = '' } = useParams();
  const query = useManagedPayPage(token);
  const start = useStartManagedPayment();
  return (
    <PayScreen
      query={query}
      start={start}
      startWith={(method, onSuccess) => start.mutate({ token, method }, { onSuccess })}
    />
  );
}
