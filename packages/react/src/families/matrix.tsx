import { shuffled } from '@formloom/contract/engine/parts';
import type { FieldProps } from '../fields.js';
import { Group } from '../internal/parts.js';

/**
 * The matrix family, loaded when a form shows a matrix (docs/embedding.md "React: the question types"): a table whose
 * column and row headers name each control, one radio group per row (native radios sharing the
 * row's name: the arrow keys choose), checkboxes when `matrix.multiple`.
 */

type MatrixAnswer = Record<string, string | string[]>;

const asAnswer = (value: unknown): MatrixAnswer =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as MatrixAnswer) : {};

export function Matrix(props: FieldProps) {
  const { field } = props;
  const config = field.matrix ?? { rows: [], columns: [] };
  const multiple = config.multiple === true;
  const answer = asAnswer(props.value);
  const rows = shuffled(field, config.rows, props.seed);

  function set(rowId: string, value: string | string[] | undefined) {
    const next: MatrixAnswer = { ...answer };
    if (value === undefined || (Array.isArray(value) && value.length === 0)) delete next[rowId];
    else next[rowId] = value;
    props.onChange(Object.keys(next).length > 0 ? next : undefined);
  }

  return (
    <Group props={props} radio={false} className="fl-matrix">
      {/* A wide table scrolls inside its box rather than widening a phone's page. */}
      <div className="fl-matrix-scroll" style={{ overflowX: 'auto', maxWidth: '100%' }}>
        <table className="fl-matrix-table">
          <thead>
            <tr>
              <td />
              {config.columns.map((column, j) => (
                <th scope="col" id={`${props.id}-c${j}`} key={column.value}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const rowHeader = `${props.id}-r-${row.id}`;
              const current = answer[row.id];
              const chosen = Array.isArray(current) ? current : current === undefined ? [] : [current];
              return (
                <tr key={row.id}>
                  <th scope="row" id={rowHeader}>
                    {row.label}
                  </th>
                  {config.columns.map((column, j) => {
                    const checked = chosen.includes(column.value);
                    return (
                      <td key={column.value}>
                        <input
                          type={multiple ? 'checkbox' : 'radio'}
                          id={`${props.id}-${row.id}-${j}`}
                          name={`${props.name}.${row.id}`}
                          value={column.value}
                          checked={checked}
                          disabled={props.locked && !checked}
                          aria-labelledby={`${rowHeader} ${props.id}-c${j}`}
                          aria-describedby={props.describedBy}
                          aria-invalid={props.errors ? true : undefined}
                          onChange={(e) =>
                            set(
                              row.id,
                              !multiple
                                ? column.value
                                : e.currentTarget.checked
                                  ? [...chosen, column.value]
                                  : chosen.filter((v) => v !== column.value),
                            )
                          }
                        />
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Group>
  );
}
