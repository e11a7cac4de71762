/* docs/architectures.md, generated from the facts table. */
#include "cuatomlint/facts.h"
#include "cuatomlint/strbuf.h"

static const char *const qual_names[] = {
	"_block / .cta / block scope", "_system / .sys", "cluster scope",
	".scope", ".sem / memory order", ".L2::cache_hint", ".v2/.v4/.v8",
	"::cta", "red.async", "Tegra", "not on automatic storage", ".shared vs plain stores",
};

static void add_quals(struct strbuf *sb, unsigned quals)
{
	unsigned i, n = 0;
	for (i = 0; i < sizeof(qual_names) / sizeof(qual_names[0]); i++) {
		if (!(quals & (1u << i)))
			continue;
		strbuf_addf(sb, "%s%s", n++ ? ", " : "", qual_names[i]);
	}
	if (!n)
		strbuf_adds(sb, "-");
}

static void add_row(struct strbuf *sb, const struct cal_fact *f)
{
	strbuf_addf(sb, "| %s | %s | %s | %s | ", f->what, cal_api_name(f->api),
		    cal_op_name(f->op), cal_vtype_name(f->type));
	add_quals(sb, f->quals);
	strbuf_addf(sb, " | sm_%u | ", f->min_sm);
	if (f->emulated_from_sm > 1)
		strbuf_addf(sb, "CUDA %u+: sm_%u", f->emulated_since_cuda, f->emulated_from_sm);
	else if (f->emulated_from_sm == 1)
		strbuf_addf(sb, "CUDA %u+: every arch", f->emulated_since_cuda);
	else
		strbuf_adds(sb, "-");
	strbuf_addf(sb, " | %s |\n", f->source);
}

char *cal_facts_markdown(void)
{
	struct strbuf sb = STRBUF_INIT;
	int i;

	strbuf_adds(&sb,
		"# Architecture facts\n\n"
		"Generated from `src/atomics/facts.c` by `build/test/test_facts_doc --write docs/architectures.md`;\n"
		"a unit test fails when this page and the table differ. Every check that judges a target\n"
		"asks this table. An operation with no row is supported on every target.\n\n"
		"| operation | API | op | type | qualifiers | minimum | provided by the toolkit's headers from | source |\n"
		"|---|---|---|---|---|---|---|---|\n");
	for (i = 0; i < cal_nr_facts; i++)
		add_row(&sb, &cal_facts[i]);
	return strbuf_detach(&sb);
}
