export { Alert, type AlertTone } from './alert';
export { Badge, type BadgeTone } from './badge';
export { Button, buttonClasses, type ButtonProps, type ButtonVariant } from './button';
export { Card } from './card';
export { cx } from './cx';
export { EmptyState } from './empty-state';
export { PageHeader } from './page-header';
export { PayBar } from './pay-bar';
export { RadioCard } from './radio-card';
export { LoadingBlock, Spinner } from './spinner';
export { FieldFrame, SelectField, TextAreaField, TextField, controlClasses } from './text-field';
// note: Dialog (Radix) is imported from './ui/dialog' directly so it stays out of the landing bundle.
