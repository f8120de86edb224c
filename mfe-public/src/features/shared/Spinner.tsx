export function Spinner({ label }: { label: string }) {
  return (
    <div className="pub-spinner" role="status">
      <span className="pub-spinner-wheel" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
