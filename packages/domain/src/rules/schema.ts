/**
 * The shapes every input is checked against, beyond valibot's own (issue 30 item 2): an object is
 * an object, never an array. valibot's `object` takes any `typeof === 'object'` value, so an array
 * passed for an object whose entries are all optional (`[]`, `["x"]`) and was read as `{}`.
 * `object` here is valibot's with that closed; `v.partial`, `v.omit` and `v.pick` of it keep it
 * (they copy the schema, and its check reads the copy's entries).
 */
import * as v from 'valibot';

type Run = (dataset: v.UnknownDataset, config: v.Config<v.BaseIssue<unknown>>) => v.OutputDataset<unknown, v.BaseIssue<unknown>>;

export function object<const E extends v.ObjectEntries, const M extends v.ErrorMessage<v.ObjectIssue> | undefined = undefined>(entries: E, message?: M): v.ObjectSchema<E, M> {
  const base = v.object(entries, message as M);
  const run = base['~run'] as unknown as Run;
  const refusing = {
    ...base,
    '~run'(this: typeof base, dataset: v.UnknownDataset, config: v.Config<v.BaseIssue<unknown>>) {
      if (!Array.isArray(dataset.value)) return run.call(this, dataset, config);
      v._addIssue(this as never, 'type', dataset, config as never);
      return dataset as unknown as v.OutputDataset<unknown, v.BaseIssue<unknown>>;
    },
  };
  return v._standardSchema(refusing as unknown as v.ObjectSchema<E, M>);
}
