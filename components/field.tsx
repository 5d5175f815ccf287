type FieldProps = {
  label: string;
  name: string;
  errors?: string[];
  hint?: string;
} & React.InputHTMLAttributes<HTMLInputElement>;

/** A labelled input whose error is announced and tied to it for screen readers. */
export function Field({ label, name, errors, hint, className = "", ...input }: FieldProps) {
  const errorId = `${name}-error`;
  const hasError = Boolean(errors?.length);
  return (
    <label className={`block text-sm ${className}`}>
      <span className="font-medium text-slate-700">{label}</span>
      <input
        name={name}
        aria-invalid={hasError || undefined}
        aria-describedby={hasError ? errorId : undefined}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base shadow-sm focus:outline-2 focus:outline-brand-600 sm:text-sm ${hasError ? "border-red-500" : "border-slate-300"}`}
        {...input}
      />
      {hint && !hasError && <span className="mt-1 block text-xs text-slate-500">{hint}</span>}
      {hasError && (
        <span id={errorId} className="mt-1 block text-xs text-red-600">
          {errors!.join(" ")}
        </span>
      )}
    </label>
  );
}
