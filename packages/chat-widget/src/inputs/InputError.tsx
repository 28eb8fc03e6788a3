/** A problem with the answer, announced to screen readers. */
export function InputError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="parley-input-error" role="alert">
      {message}
    </p>
  );
}
