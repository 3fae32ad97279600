import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LegalLinks } from '#components/ui/legal-links';
import { notify } from '#components/ui/notifications';
import { Button } from '#components/ui/button';
import { textLink } from '#components/ui/styles';
import { errorMessage } from '#lib/api-error';
import { consentsQuery, withdrawHealthConsent } from './consents-api';

const longDate = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long' });

/** What the person has agreed to, with the dates, and the way to withdraw the health consent. */
export function PrivacySettings({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const consents = useQuery(consentsQuery(userId));
  const withdraw = useMutation({
    mutationFn: () => withdrawHealthConsent(userId),
    onSuccess: async (updated) => {
      queryClient.setQueryData(consentsQuery(userId).queryKey, updated);
      // The answers, the targets and home all change with the health answers gone.
      await queryClient.invalidateQueries({ queryKey: ['users', userId] });
      // The weekly check-ins and their photos go too (decision 061).
      await queryClient.invalidateQueries({ queryKey: ['check-ins'] });
      notify.success('Has retirado tu consentimiento. Hemos borrado tus datos de salud');
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos retirar tu consentimiento. Inténtalo de nuevo'));
    },
  });

  if (consents.isPending) return <p>Cargando...</p>;
  if (consents.isError) {
    return <p>{errorMessage(consents.error, 'No pudimos cargar tus consentimientos')}</p>;
  }
  const { terms_accepted_at, health_data_consent_at, check_ins_consent_at } = consents.data;

  return (
    <div className="flex flex-col gap-4">
      <p>
        {terms_accepted_at
          ? `Aceptaste los términos y la política de privacidad el ${longDate.format(terms_accepted_at)}.`
          : 'Los términos y la política de privacidad se aplican a tu cuenta.'}
      </p>
      <LegalLinks />

      <h3 className="font-semibold">Datos de salud</h3>
      {health_data_consent_at || check_ins_consent_at ? (
        <>
          {health_data_consent_at && (
            <p>
              Diste tu consentimiento explícito para que Forja trate tus datos de salud el{' '}
              {longDate.format(health_data_consent_at)}. Si lo retiras, borraremos al momento tus
              respuestas de salud y tus objetivos se calcularán sin ellas.
            </p>
          )}
          {check_ins_consent_at && (
            <p>
              Con tus revisiones semanales nos diste tu consentimiento para tratar sus datos de
              salud y sus fotos (la última vez, el {longDate.format(check_ins_consent_at)}). Si lo
              retiras, borraremos al momento tus revisiones y sus fotos.
            </p>
          )}
          <div>
            <Button
              disabled={withdraw.isPending}
              onClick={() => {
                withdraw.mutate();
              }}
            >
              {withdraw.isPending
                ? 'Retirando...'
                : 'Retirar mi consentimiento y borrar mis respuestas'}
            </Button>
          </div>
        </>
      ) : (
        <p>
          No nos has dado tu consentimiento para tratar datos de salud, así que no guardamos ninguna
          respuesta de salud. Puedes darlo en el{' '}
          <Link to="/users/onboarding/sixth-step" className={textLink}>
            paso de salud
          </Link>
          .
        </p>
      )}

      <h3 className="font-semibold">Tu entrenador</h3>
      <p>Lo que ve tu entrenador lo eliges área por área en «Tu entrenador», más arriba.</p>
    </div>
  );
}
