import type { FormState } from "@/lib/form-state";

const TONES = {
  error: "bg-red-50 text-red-700",
  warning: "border border-amber-300 bg-amber-50 text-amber-900",
  success: "bg-emerald-50 text-emerald-700",
};

export function FormMessage({ state }: { state: FormState }) {
  if (!state.message || state.status === "idle") return null;
  const isError = state.status === "error";
  const tone = isError ? TONES.error : state.isWarning ? TONES.warning : TONES.success;
  return (
    <p role={isError ? "alert" : "status"} className={`rounded-md px-3 py-2 text-sm ${tone}`}>
      {state.message}
    </p>
  );
}
