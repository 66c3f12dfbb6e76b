/** An id as the API spells it, for a details line: it may wrap after an underscore, never inside a word. */
import { Fragment } from 'preact';

export function RawId({ id, testId }: { id: string; testId?: string }) {
  const parts = id.split('_');
  return (
    <code class="courier-raw-id" data-testid={testId}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && (
            <>
              _<wbr />
            </>
          )}
        </Fragment>
      ))}
    </code>
  );
}
