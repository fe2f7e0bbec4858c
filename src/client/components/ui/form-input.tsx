import { useId, type InputHTMLAttributes } from 'react';
import formInputCss from './form-input.css?inline';
import { StyleSheet } from './style-sheet.tsx';

interface FormInputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** A rule the value must meet, shown under the field and read with it (aria-describedby). */
  hint?: string;
}

/** A labelled text field; the label is a real <label>, so the field is found by its name. */
export function FormInput({ label, hint, id, ...props }: FormInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  return (
    <div className="form-input">
      <StyleSheet href="form-input" css={formInputCss} layer="base" />
      <label className="form-input__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        className="form-input__field"
        id={inputId}
        aria-describedby={hint ? hintId : undefined}
        {...props}
      />
      {hint && (
        <p className="form-input__hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}
