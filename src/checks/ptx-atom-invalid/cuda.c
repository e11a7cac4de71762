/*
 * ptx-atom-invalid: inline PTX atom / red with qualifiers that are invalid
 * or that a target of the build lacks (spec table D).
 *
 * libclang does not expose the template string of an asm statement as a
 * cursor, so the check reads the source text where the statement is
 * spelled: the string literals after "asm [volatile] (" up to the first
 * ':' or ')'.  src/ptx/ unescapes and concatenates them and keeps the
 * source offset of every PTX byte, so a finding points at the qualifier at
 * fault inside the literal.  A template built with macros (an identifier
 * among the literals) is not judged: its text is unknown.  An asm
 * statement written inside a macro definition is judged from the
 * definition and reported at the macro's use, without a fix, unless the
 * macro is a system header's; one written in a macro argument (as in
 * NV_IF_TARGET(..., (asm(...);))) is reported at the qualifier, without a
 * fix.
 *
 * Only device code is judged (host asm is x86 or ARM), on the device
 * parse's targets: an arch fact is reported for the targets below its
 * min_sm, an invalid combination for all of them.
 */
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/check.h"
#include "parse/user_words.h"
#include "cuatomlint/strbuf.h"
#include "ptx/ptx_atom.h"
#include "ptx/asm_template.h"
#include "analysis/reach.h"
#include "fixits/edit.h"

/* The file position of source offset off (1-based line and byte column). */
static void source_pos(const struct cal_asm_template *at, unsigned off, struct cal_pos *out)
{
	unsigned i, line = 1, line_start = 0;

	for (i = 0; i < off && i < at->size; i++) {
		if (at->src[i] == '\n') {
			line++;
			line_start = i + 1;
		}
	}
	out->file = xstrdup(at->file_name);
	out->offset = off;
	out->line = line;
	out->column = off - line_start + 1;
}

/* Point f at the problem's bytes in the literal. */
static void set_range(const struct cal_asm_template *at, struct cal_finding *f,
		      const struct ptx_problem *p)
{
	unsigned last = p->pos + (p->len ? p->len - 1 : 0);

	if (at->place == CAL_TEMPLATE_MACRO_BODY || last >= at->text.len || !f->range.begin.file)
		return;	/* reported at the statement (the macro use) */
	cal_range_clear(&f->range);
	source_pos(at, at->text.origin[p->pos], &f->range.begin);
	source_pos(at, at->text.origin[last] + 1, &f->range.end);
}

static void add_noftz_fix(const struct cal_asm_template *at, struct cal_finding *f,
			  const struct ptx_problem *p)
{
	struct cal_edit e;
	struct cal_pos pos;

	if (p->fix != PTX_FIX_INSERT_NOFTZ || at->place != CAL_TEMPLATE_DIRECT || !p->fix_pos ||
	    p->fix_pos > at->text.len || !f->range.begin.file)
		return;
	/* right after the operation qualifier's last byte, inside its literal */
	source_pos(at, at->text.origin[p->fix_pos - 1] + 1, &pos);
	cal_edit_span(&pos, &pos, ".noftz", &e);
	cal_fix_add_edit(cal_finding_add_fix(f, "add .noftz"), &e);
	cal_edit_clear(&e);
	free(pos.file);
}

static void report_problem(struct cal_walk *w, struct cal_reach *reach, CXCursor c, const struct cal_asm_template *at,
			   const struct ptx_problem *p)
{
	uint64_t archs = w->parse->arch_mask;
	struct cal_finding *f;

	if (p->min_sm) {
		archs = cal_walk_targets_below(w, p->min_sm);
		if (!archs)
			return;
		f = cal_report(w, c, "%s; the build targets " CAL_ARCHS_PLACEHOLDER, p->message);
		f->arch_specific = 1;
		cal_reach_defer(reach, w, f, CAL_REACH_EMITTED);
		if (p->advisory)
			f->severity = CAL_SEV_NOTE;
	} else {
		f = cal_report(w, c, "%s", p->message);
	}
	f->archs = archs;
	set_range(at, f, p);
	add_noftz_fix(at, f, p);
}

static void judge_template(struct cal_walk *w, struct cal_reach *reach, CXCursor c,
			   const struct cal_asm_template *at)
{
	struct ptx_problem problems[PTX_MAX_PROBLEMS];
	size_t i;
	int j, n;

	for (i = 0; i < at->insns.nr; i++) {
		n = ptx_problems(&at->insns.items[i], at->text.buf, problems, PTX_MAX_PROBLEMS);
		for (j = 0; j < n; j++)
			report_problem(w, reach, c, at, &problems[j]);
	}
}

static void ptx_visit(struct cal_walk *w, CXCursor c, void *state)
{
	struct cal_asm_template at;

	if (state)
		cal_reach_visit(state, w, c);
	if (clang_getCursorKind(c) != CXCursor_AsmStmt || !cal_walk_in_device_code(w))
		return;
	memset(&at, 0, sizeof(at));
	if (cal_asm_template_load(&at, c) == 0)
		judge_template(w, state, c, &at);
	cal_asm_template_release(&at);
}

/* Per-target findings only in code emitted for the targets (reach.h). */
static void *ptx_begin(struct cal_walk *w)
{
	return w->parse->is_host ? NULL : cal_reach_share(w);
}

static void ptx_end(struct cal_walk *w, void *state)
{
	if (state)
		cal_reach_end(state, w);
}

const struct cal_check cal_check_ptx_atom_invalid = {
	.id = "ptx-atom-invalid",
	.severity = CAL_SEV_ERROR,
	.enabled_by_default = 1,
	.summary = "inline PTX atom/red whose qualifiers are invalid or unsupported on a target",
	.doc = "ptx-atom-invalid.md",
	.needs_words = CAL_WORD_ATOMIC,
	.device_only = 1,	/* ptx_visit judges device code only */
	.begin = ptx_begin,
	.visit = ptx_visit,
	.end = ptx_end,
};
