import { type ChipLabel, labelColor } from './label-color';

/** A label chip: a dot in the label's colour and its name (`children` after it, e.g. a remove button). */
export function LabelChip({
  label,
  as: Tag = 'span',
  children,
}: {
  label: ChipLabel;
  as?: 'span' | 'li';
  children?: React.ReactNode;
}) {
  const color = labelColor(label);
  return (
    <Tag className="chip label" style={color ? { borderColor: color } : undefined} data-label-color={color}>
      <span className="label-dot" style={color ? { background: color } : undefined} aria-hidden="true" />
      <span className="sr-only">Label: </span>
      {label.name}
      {children}
    </Tag>
  );
}
