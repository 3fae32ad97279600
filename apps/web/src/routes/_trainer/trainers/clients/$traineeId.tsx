import { createFileRoute, Outlet } from '@tanstack/react-router';

/** A trainee's file: its tabs are the child routes. */
export const Route = createFileRoute('/_trainer/trainers/clients/$traineeId')({
  component: TraineeFile,
});

function TraineeFile() {
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-3xl font-extrabold tracking-tight">Ficha del cliente</h1>
      <Outlet />
    </section>
  );
}
