import { Link } from '@tanstack/react-router';
import { textLink } from '#components/ui/styles';
import { Clause, ContactLink, LegalPage } from './legal-page';

const list = 'flex list-disc flex-col gap-2 pl-6';

export function PrivacyPage() {
  return (
    <LegalPage title="Política de privacidad">
      <p>
        En Forja tratamos datos personales, y algunos de ellos son datos de salud. Aquí te
        explicamos con palabras claras qué datos recogemos, para qué, quién puede verlos, cuánto
        tiempo los guardamos y cómo puedes ejercer tus derechos, según el Reglamento General de
        Protección de Datos (RGPD) y la Ley Orgánica 3/2018 de Protección de Datos Personales y
        garantía de los derechos digitales.
      </p>

      <Clause title="Quién es el responsable">
        <p>
          El responsable del tratamiento es Forja. Para cualquier cuestión sobre tus datos puedes
          escribirnos a <ContactLink />.
        </p>
      </Clause>

      <Clause title="Qué datos recogemos">
        <ul className={list}>
          <li>
            <strong>Tu cuenta:</strong> nombre, apellidos, país, correo electrónico y contraseña
            (que guardamos transformada de forma irreversible, nunca tal cual), la foto de perfil si
            decides subirla, tus preferencias (unidades, tema y zona horaria), la fecha de tu último
            acceso y la versión de estos textos que aceptaste, con su fecha.
          </li>
          <li>
            <strong>Tus respuestas al cuestionario inicial:</strong> objetivo y ritmo, sexo, fecha
            de nacimiento, altura, peso, porcentaje de grasa corporal, nivel de actividad,
            experiencia y material de entrenamiento, patrón de alimentación, alergias y número de
            comidas al día.
          </li>
          <li>
            <strong>Tus datos de salud, solo si nos das tu consentimiento explícito:</strong> las
            respuestas a las preguntas de salud (problemas de corazón, dolor en el pecho, mareos,
            problemas de huesos o articulaciones, medicación para la tensión, embarazo o posparto y
            otras afecciones) y las observaciones que escribas. Sin ese consentimiento no guardamos
            ninguna respuesta de salud.
          </li>
          <li>
            <strong>Tu diario:</strong> las comidas y los alimentos que registras, los alimentos que
            creas, el agua, tus entrenamientos (ejercicios, series, repeticiones y pesos) y tus
            notas.
          </li>
          <li>
            <strong>Tus métricas corporales:</strong> tu peso y tus medidas, con sus fechas.
          </li>
          <li>
            <strong>Tu suscripción:</strong> el plan, su estado, sus fechas y los identificadores
            que nos da el proveedor de pagos. Los pagos los procesa ese proveedor en su propia
            página: Forja nunca ve ni guarda el número de tu tarjeta.
          </li>
          <li>
            <strong>Datos técnicos:</strong> la dirección IP y la hora de las peticiones, que usamos
            para proteger las cuentas (por ejemplo, para limitar los intentos de inicio de sesión).
          </li>
        </ul>
      </Clause>

      <Clause title="Para qué los usamos y con qué base legal">
        <ul className={list}>
          <li>
            <strong>Prestarte el servicio</strong> (tu cuenta, el cálculo de tus objetivos de
            calorías y macronutrientes, tu diario, tus métricas y tu suscripción): es necesario para
            cumplir el contrato que aceptas al registrarte (art. 6.1.b del RGPD).
          </li>
          <li>
            <strong>Tratar tus datos de salud</strong> para ajustar tus objetivos y avisarte cuando
            convenga consultar a un profesional: solo con tu consentimiento explícito (art. 9.2.a
            del RGPD), que puedes retirar cuando quieras.
          </li>
          <li>
            <strong>Compartir tus datos con tu entrenador:</strong> solo con tu consentimiento (art.
            6.1.a del RGPD).
          </li>
          <li>
            <strong>Proteger las cuentas y el servicio</strong> frente a abusos: nuestro interés
            legítimo en mantener Forja segura (art. 6.1.f del RGPD).
          </li>
          <li>
            <strong>Cumplir obligaciones legales</strong>, como las fiscales y contables de los
            pagos (art. 6.1.c del RGPD).
          </li>
        </ul>
        <p>No vendemos tus datos ni los usamos para publicidad.</p>
      </Clause>

      <Clause title="Quién puede verlos">
        <ul className={list}>
          <li>Tú, siempre.</li>
          <li>
            Tu entrenador, solo si le das permiso en el paso de salud del cuestionario. Si lo
            retiras, deja de ver tus datos en ese mismo momento.
          </li>
          <li>
            Las empresas que nos prestan servicios y tratan datos por encargo nuestro, con un
            contrato que les obliga a protegerlos y a usarlos solo para ese fin: el proveedor de
            pagos (que procesa tus pagos con tarjeta), el proveedor de correo electrónico (que envía
            los códigos de verificación y los avisos de tu cuenta) y el proveedor de alojamiento
            (donde funcionan nuestros servidores y la base de datos). Si alguno trata datos fuera
            del Espacio Económico Europeo, lo hace con las garantías que exige el RGPD, como las
            cláusulas contractuales tipo de la Comisión Europea.
          </li>
          <li>Las autoridades, solo cuando la ley nos obligue.</li>
        </ul>
      </Clause>

      <Clause title="Cuánto tiempo los guardamos">
        <ul className={list}>
          <li>
            Tus datos, mientras tengas tu cuenta. Si la eliminas, borramos al momento tu perfil, tus
            respuestas, tus objetivos, tu diario y tus métricas.
          </li>
          <li>
            Tus datos de salud, hasta que retires tu consentimiento: en ese momento los borramos.
          </li>
          <li>
            Los códigos de verificación y los enlaces para restablecer la contraseña, hasta un día
            después de que caduquen o se usen.
          </li>
          <li>
            Los datos de facturación que la ley obliga a conservar los guarda el proveedor de pagos
            durante el plazo legal (en España, hasta seis años).
          </li>
        </ul>
      </Clause>

      <Clause title="Cómo descargar o borrar tus datos">
        <p>
          Puedes descargar tu diario, tu agua, tus entrenamientos, tu peso y tus medidas en un
          archivo CSV desde{' '}
          <Link to="/users/metrics" className={textLink}>
            Métricas
          </Link>
          , con el botón «Exportar CSV». Puedes eliminar tu cuenta y todos tus datos desde{' '}
          <Link to="/users/settings" className={textLink}>
            Ajustes
          </Link>
          , en «Eliminar cuenta». En Ajustes, en «Privacidad», puedes ver y retirar tu
          consentimiento para tratar datos de salud.
        </p>
      </Clause>

      <Clause title="Tus derechos">
        <p>Puedes pedirnos en cualquier momento:</p>
        <ul className={list}>
          <li>
            <strong>Acceso:</strong> saber qué datos tuyos tratamos y obtener una copia.
          </li>
          <li>
            <strong>Rectificación:</strong> corregir los datos inexactos. Casi todos puedes
            cambiarlos tú en tu perfil, en tus ajustes o en tus respuestas.
          </li>
          <li>
            <strong>Supresión:</strong> que borremos tus datos.
          </li>
          <li>
            <strong>Portabilidad:</strong> recibir tus datos en un formato de uso común (el CSV de
            Métricas) o que se los enviemos a otro responsable.
          </li>
          <li>
            <strong>Oposición y limitación:</strong> que dejemos de tratar tus datos, o que solo los
            conservemos, en los casos que prevé la ley.
          </li>
          <li>
            <strong>Retirar tu consentimiento</strong> cuando quieras, sin que eso afecte a lo que
            hicimos antes con él.
          </li>
        </ul>
        <p>
          Para ejercerlos, escríbenos a <ContactLink /> desde el correo de tu cuenta. Te
          responderemos en un plazo máximo de un mes. Si crees que no hemos tratado bien tus datos,
          puedes presentar una reclamación ante la Agencia Española de Protección de Datos (
          <a href="https://www.aepd.es" className={textLink}>
            www.aepd.es
          </a>
          ).
        </p>
      </Clause>

      <Clause title="Cambios en esta política">
        <p>
          Si cambiamos esta política, publicaremos la nueva versión con su fecha y, si el cambio es
          importante, te pediremos que la aceptes de nuevo.
        </p>
      </Clause>
    </LegalPage>
  );
}
