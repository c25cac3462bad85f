import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { useState } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { slugify } from "~/lib/slug";
import { cn } from "~/lib/utils";

/** What differs per form: the name's label, the public path before the slug, the slug's hints. */
export type NameSlugCopy = {
  nameLabel: string;
  /** Shown in front of the slug input, e.g. "/merch/". */
  slugPrefix?: string;
  slugHint: { manual: string; followsName: string };
};

/**
 * A record's name (or title) and its slug, from the form's Conform fields. SPEC §5: the slug follows
 * the name until edited by hand; a slug the record already has counts as manual (links to it exist).
 */
export function NameSlugFields({
  form,
  name,
  slug,
  copy,
}: {
  form: { update(options: { name: string; value: string }): void };
  name: FieldMetadata<string | undefined>;
  slug: FieldMetadata<string | undefined>;
  copy: NameSlugCopy;
}) {
  const [slugManual, setSlugManual] = useState(() => Boolean(slug.initialValue));
  const { key: nameKey, ...nameProps } = getInputProps(name, { type: "text", ariaAttributes: false });
  const { key: slugKey, ...slugProps } = getInputProps(slug, { type: "text", ariaAttributes: false });

  return (
    <>
      <Field label={copy.nameLabel} required htmlFor={name.id} errorId={name.errorId} errors={name.errors}>
        <Input
          key={nameKey}
          {...nameProps}
          autoComplete="off"
          onChange={(event) => {
            if (!slugManual) form.update({ name: slug.name, value: slugify(event.currentTarget.value) });
          }}
        />
      </Field>
      <Field
        label="Slug"
        required
        htmlFor={slug.id}
        errorId={slug.errorId}
        errors={slug.errors}
        description={slugManual ? copy.slugHint.manual : copy.slugHint.followsName}
      >
        {(control) => {
          const input = (
            <Input
              key={slugKey}
              {...slugProps}
              {...control}
              autoComplete="off"
              spellCheck={false}
              className={cn(copy.slugPrefix && "rounded-l-none", "font-mono text-sm")}
              onChange={() => setSlugManual(true)}
            />
          );
          return copy.slugPrefix ? (
            <div className="flex items-stretch">
              <span
                aria-hidden="true"
                className="flex items-center rounded-l-md border border-border border-r-0 bg-surface-2 px-3 text-muted text-sm"
              >
                {copy.slugPrefix}
              </span>
              {input}
            </div>
          ) : (
            input
          );
        }}
      </Field>
    </>
  );
}
