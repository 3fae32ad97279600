import { Link } from '@tanstack/react-router';
import { textLink } from '#components/ui/styles';
import { Clause, ContactLink, LegalPage } from './legal-page';

const list = 'flex list-disc flex-col gap-2 pl-6';

export function TermsPage() {
  return (
    <LegalPage title="Términos y condiciones">
      <p>
        Estos términos regulan el uso de Forja. Al crear tu cuenta declaras que los has leído y que
        los aceptas, junto con la{' '}
        <Link to="/legal/privacy" className={textLink}>
          política de privacidad
        </Link>
        .
      </p>

      <Clause title="Qué es Forja">
        <p>
          Forja es una aplicación para personas que entrenan con un entrenador personal: calcula
          objetivos de calorías y macronutrientes a partir de tus respuestas, y te permite registrar
          tus comidas, tu agua, tus entrenamientos y tus métricas corporales.
        </p>
      </Clause>

      <Clause title="Tu cuenta">
        <ul className={list}>
          <li>Debes tener al menos 16 años para usar Forja.</li>
          <li>Los datos que nos das deben ser ciertos y estar al día.</li>
          <li>
            Tu cuenta es personal. Guarda tu contraseña y avísanos si crees que otra persona la
            conoce.
          </li>
        </ul>
      </Clause>

      <Clause title="Suscripción y pagos">
        <ul className={list}>
          <li>
            Para usar Forja necesitas una suscripción. Puedes empezar con una prueba gratuita; al
            terminar, pasa al plan premium mensual salvo que la canceles antes.
          </li>
          <li>
            El precio se muestra antes de pagar. Los pagos los procesa nuestro proveedor de pagos
            con tarjeta; Forja nunca ve el número de tu tarjeta.
          </li>
          <li>
            Puedes cancelar la suscripción cuando quieras desde Ajustes. Conservas el acceso hasta
            el final del periodo ya pagado.
          </li>
          <li>Si eres consumidor, conservas todos los derechos que te reconoce la ley.</li>
        </ul>
      </Clause>

      <Clause title="Forja no sustituye a un profesional sanitario">
        <p>
          Los objetivos se calculan con fórmulas generales y son orientativos. Forja no ofrece
          diagnósticos ni tratamientos médicos. Si tienes una enfermedad, tomas medicación, estás
          embarazada o acabas de dar a luz, consulta con tu médico antes de cambiar tu alimentación
          o tu ejercicio.
        </p>
      </Clause>

      <Clause title="Tu entrenador">
        <p>
          Tu entrenador solo ve tus datos si le das permiso, y deja de verlos en cuanto lo retires.
          Las indicaciones de tu entrenador son responsabilidad suya.
        </p>
      </Clause>

      <Clause title="Uso correcto">
        <p>
          No uses Forja para nada ilegal, no intentes acceder a datos de otras personas ni
          entorpezcas el funcionamiento del servicio. Podemos suspender las cuentas que incumplan
          estos términos.
        </p>
      </Clause>

      <Clause title="Tus datos y tu contenido">
        <p>
          Lo que registras es tuyo. Solo lo usamos para prestarte el servicio, como explica la{' '}
          <Link to="/legal/privacy" className={textLink}>
            política de privacidad
          </Link>
          . Puedes descargarlo desde Métricas y eliminar tu cuenta desde Ajustes cuando quieras.
        </p>
      </Clause>

      <Clause title="Responsabilidad">
        <p>
          Trabajamos para que Forja funcione bien y sin interrupciones, pero no podemos garantizarlo
          siempre. Nada de estos términos limita la responsabilidad que la ley no permite limitar.
        </p>
      </Clause>

      <Clause title="Cambios en estos términos">
        <p>
          Si cambiamos estos términos, publicaremos la nueva versión con su fecha y, si el cambio es
          importante, te pediremos que la aceptes de nuevo.
        </p>
      </Clause>

      <Clause title="Ley aplicable y contacto">
        <p>
          Estos términos se rigen por la ley española. Si eres consumidor, puedes acudir a los
          tribunales de tu domicilio. Para cualquier duda, escríbenos a <ContactLink />.
        </p>
      </Clause>
    </LegalPage>
  );
}
