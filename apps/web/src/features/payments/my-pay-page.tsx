import { useParams } from 'react-router';
import { useMyPayPage } from './api/get-my-pay-page';
import { useStartMyPayment } from './api/start-my-payment';
import { PayScreen } from './pay-page';

/** /pay/appointment/:id: a signed-in patient pays her own booking from My Appointments. */
export default function MyPayPage() {
  const id = Number(useParams().id);
  const query = useMyPayPage(id);
  const start = useStartMyPayment();
  return (
    <PayScreen
      query={query}
      start={start}
      startWith={(method, onSuccess) => start.mutate({ id, method }, { onSuccess })}
    />
  );
}
