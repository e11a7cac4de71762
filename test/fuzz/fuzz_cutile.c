/*
 * libFuzzer target for the cuTile front end (src/cutile/): arbitrary bytes
 * through tree-sitter's Python parser, the name resolver and every check's
 * cuTile half (src/checks/<check-id>/cutile.c).  The input is linted
 * twice: as it is, and after a header that imports cuda.tile and opens a
 * kernel, so the checks see most inputs as kernel code.  Beyond "no crash, no sanitizer report, no leak", every
 * finding and every edit must lie inside the text, with 1-based lines and
 * columns.  Built and run by scripts/fuzz.sh.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse/check.h"
#include "cutile/cutile.h"
#include "checks/cas-float-compare/cutile.h"
#include "checks/scope-mismatch/cutile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define REQUIRE(cond) do { if (!(cond)) abort(); } while (0)

/*
 * The registry without libclang: the checks with a cuTile half, the
 * cuTile-only ones as they are, the others by their cuTile half alone.
 */
extern const struct cal_check cal_check_cutile_relaxed_sync, cal_check_cutile_unchecked_bounds,
	cal_check_cutile_plain_poll, cal_check_cutile_atomic_args;
static const struct cal_check shared[] = {
	{ .id = "cas-float-compare", .cutile_call = cal_cas_float_compare_cutile },
	{ .id = "scope-mismatch", .cutile_call = cal_scope_mismatch_cutile },
};
const struct cal_check *const cal_checks[] = {
	&cal_check_cutile_relaxed_sync, &cal_check_cutile_unchecked_bounds,
	&cal_check_cutile_plain_poll, &cal_check_cutile_atomic_args, &shared[0], &shared[1],
};
const int cal_nr_checks = 6;

const struct cal_check *cal_check_find(const char *id)
{
	int i;
	for (i = 0; i < cal_nr_checks; i++)
		if (!strcmp(cal_checks[i]->id, id))
			return cal_checks[i];
	return NULL;
}

static void check_pos(const struct cal_pos *p, size_t len)
{
	REQUIRE(p->offset <= len && p->line >= 1 && p->column >= 1);
}

static void check_findings(const struct cal_findings *out, size_t len)
{
	size_t i, j, k;
	for (i = 0; i < out->nr; i++) {
		const struct cal_finding *f = &out->items[i];
		check_pos(&f->range.begin, len);
		check_pos(&f->range.end, len);
		REQUIRE(f->range.begin.offset <= f->range.end.offset && f->message);
		for (j = 0; j < f->nr_fixes; j++)
			for (k = 0; k < f->fixes[j].nr_edits; k++) {
				const struct cal_edit *e = &f->fixes[j].edits[k];
				REQUIRE(e->offset <= len && e->length <= len - e->offset);
				REQUIRE(e->line >= 1 && e->column >= 1 && e->replacement);
			}
	}
}

static void lint(const char *text, size_t len)
{
	static const int enabled[6] = { 1, 1, 1, 1, 1, 1 };
	struct cal_findings out = { 0 };

	cal_cutile_lint_text("fuzz.py", text, len, enabled, &out);
	check_findings(&out, len);
	cal_findings_release(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char header[] = "import cuda.tile as ct\n@ct.kernel\ndef k(a, b, c):\n";
	char *text = malloc(sizeof(header) + size);

	lint((const char *)data, size);
	if (!text)
		return 0;
	memcpy(text, header, sizeof(header) - 1);
	memcpy(text + sizeof(header) - 1, data, size);
	lint(text, sizeof(header) - 1 + size);
	free(text);
	return 0;
}
