/*
 * ptx-atom-invalid: inline PTX atom / red with qualifiers that are invalid
 * or that a target of the build lacks (spec table D).
 *
 * libclang does not expose the template string of an asm statement as a
 * cursor, so the check lexes the statement: the string literal tokens
 * after "asm [volatile] (" up to the first ':' or ')'.  Their spelling is
 * unescaped and concatenated by src/ptx/, which keeps the source offset of
 * every PTX byte, so a finding points at the qualifier at fault inside the
 * literal.  A template built with macros (an identifier among the
 * literals) is not judged: its text is unknown.  An asm statement written
 * inside a macro is judged from the macro's definition and reported at
 * the macro's use, without a fix.
 *
 * Only device code is judged (host asm is x86 or ARM), on the device
 * parse's targets: an arch fact is reported for the targets below its
 * min_sm, an invalid combination for all of them.
 */
#include <stdlib.h>
#include <string.h>

#include "../ast.h"
#include "../check.h"
#include "../fixits/edit.h"
#include "../ptx/ptx_atom.h"
#include "../run.h"

struct asm_template {
	struct ptx_text text;
	CXTranslationUnit tu;
	CXFile file;		/* the file the literals are spelled in */
	int in_macro;		/* the statement comes from a macro expansion */
};

static int token_is(CXTranslationUnit tu, CXToken t, const char *const *words)
{
	char *s = cal_take_string(clang_getTokenSpelling(tu, t));
	int found = 0;

	for (; *words && !found; words++)
		found = !strcmp(s, *words);
	free(s);
	return found;
}

static const char *const asm_words[] = { "asm", "__asm__", "__asm", NULL };
static const char *const asm_qualifiers[] = { "volatile", "__volatile__", "__volatile",
	"inline", "__inline__", "goto", NULL };
static const char *const open_paren[] = { "(", NULL };
static const char *const template_ends[] = { ":", "::", ")", NULL };

/* Append one literal token; -1 if it is not a string literal. */
static int add_literal(struct asm_template *at, CXToken t)
{
	char *s = cal_take_string(clang_getTokenSpelling(at->tu, t));
	unsigned offset;
	CXFile file;
	int ret;

	clang_getSpellingLocation(clang_getTokenLocation(at->tu, t), &file, NULL, NULL, &offset);
	ret = file && clang_File_isEqual(file, at->file)
		? ptx_text_add_literal(&at->text, s, strlen(s), offset) : -1;
	free(s);
	return ret;
}

/* Read the template from the tokens of the statement; 0, or -1 if unknown. */
static int read_template(struct asm_template *at, CXToken *toks, unsigned n)
{
	unsigned i = 0;

	if (i >= n || !token_is(at->tu, toks[i], asm_words))
		return -1;
	for (i++; i < n && token_is(at->tu, toks[i], asm_qualifiers); i++)
		;
	if (i >= n || clang_getTokenKind(toks[i]) != CXToken_Punctuation ||
	    !token_is(at->tu, toks[i], open_paren))
		return -1;	/* not "(" ... */
	for (i++; i < n && clang_getTokenKind(toks[i]) == CXToken_Literal; i++)
		if (add_literal(at, toks[i]) < 0)
			return -1;
	if (i >= n || !at->text.len || !token_is(at->tu, toks[i], template_ends))
		return -1;
	return 0;
}

/*
 * The range the statement is spelled in: the source itself, or the macro
 * definition it was expanded from.
 */
static int spelled_range(struct asm_template *at, CXCursor c, CXSourceRange *out)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile bfile, efile, xfile;
	unsigned boff, eoff, xoff;

	clang_getSpellingLocation(clang_getRangeStart(r), &bfile, NULL, NULL, &boff);
	clang_getSpellingLocation(clang_getRangeEnd(r), &efile, NULL, NULL, &eoff);
	clang_getExpansionLocation(clang_getRangeStart(r), &xfile, NULL, NULL, &xoff);
	if (!bfile || !efile || !clang_File_isEqual(bfile, efile) || eoff <= boff)
		return -1;
	at->file = bfile;
	at->in_macro = !xfile || !clang_File_isEqual(xfile, bfile) || xoff != boff;
	*out = clang_getRange(clang_getLocationForOffset(at->tu, bfile, boff),
			      clang_getLocationForOffset(at->tu, bfile, eoff));
	return 0;
}

static int load_template(struct asm_template *at, CXCursor c)
{
	CXSourceRange r;
	CXToken *toks = NULL;
	unsigned n = 0;
	int ret;

	at->tu = clang_Cursor_getTranslationUnit(c);
	ptx_text_init(&at->text);
	if (spelled_range(at, c, &r) < 0)
		return -1;
	clang_tokenize(at->tu, r, &toks, &n);
	ret = read_template(at, toks, n);
	clang_disposeTokens(at->tu, toks, n);
	return ret;
}

static CXSourceLocation text_location(const struct asm_template *at, unsigned pos)
{
	return clang_getLocationForOffset(at->tu, at->file, at->text.origin[pos]);
}

/* The finding's range: the qualifier in the literal, or the macro use. */
static CXSourceRange problem_range(const struct asm_template *at, CXCursor c,
				   const struct ptx_problem *p)
{
	unsigned last = p->pos + (p->len ? p->len - 1 : 0);

	if (at->in_macro || last >= at->text.len)
		return clang_getCursorExtent(c);
	return clang_getRange(text_location(at, p->pos),
			      clang_getLocationForOffset(at->tu, at->file,
							 at->text.origin[last] + 1));
}

static void add_noftz_fix(const struct asm_template *at, struct cal_finding *f,
			  const struct ptx_problem *p)
{
	CXSourceLocation loc;

	if (p->fix != PTX_FIX_INSERT_NOFTZ || at->in_macro || !p->fix_pos ||
	    p->fix_pos > at->text.len)
		return;
	/* right after the operation qualifier's last byte, inside its literal */
	loc = clang_getLocationForOffset(at->tu, at->file, at->text.origin[p->fix_pos - 1] + 1);
	cal_add_simple_fix(f, "add .noftz", clang_getRange(loc, loc), ".noftz");
}

static void report_problem(struct cal_walk *w, CXCursor c, const struct asm_template *at,
			   const struct ptx_problem *p)
{
	CXSourceRange r = problem_range(at, c, p);
	uint64_t archs = w->parse->arch_mask;
	struct cal_finding *f;

	if (p->min_sm) {
		archs = cal_walk_targets_below(w, p->min_sm);
		if (!archs)
			return;
		f = cal_report_range(w, r, "%s; the build targets " CAL_ARCHS_PLACEHOLDER,
				     p->message);
		f->arch_specific = 1;
		if (p->advisory)
			f->severity = CAL_SEV_NOTE;
	} else {
		f = cal_report_range(w, r, "%s", p->message);
	}
	f->archs = archs;
	add_noftz_fix(at, f, p);
}

static void judge_template(struct cal_walk *w, CXCursor c, const struct asm_template *at)
{
	struct ptx_insns list = { 0 };
	struct ptx_problem problems[PTX_MAX_PROBLEMS];
	size_t i;
	int j, n;

	ptx_parse(at->text.buf, at->text.len, &list);
	for (i = 0; i < list.nr; i++) {
		n = ptx_problems(&list.items[i], at->text.buf, problems, PTX_MAX_PROBLEMS);
		for (j = 0; j < n; j++)
			report_problem(w, c, at, &problems[j]);
	}
	ptx_insns_release(&list);
}

static void ptx_visit(struct cal_walk *w, CXCursor c, void *state)
{
	struct asm_template at;

	(void)state;
	if (clang_getCursorKind(c) != CXCursor_AsmStmt || !cal_walk_in_device_code(w))
		return;
	memset(&at, 0, sizeof(at));
	if (load_template(&at, c) == 0)
		judge_template(w, c, &at);
	ptx_text_release(&at.text);
}

const struct cal_check cal_check_ptx_atom_invalid = {
	.id = "ptx-atom-invalid",
	.severity = CAL_SEV_ERROR,
	.enabled_by_default = 1,
	.summary = "inline PTX atom/red whose qualifiers are invalid or unsupported on a target",
	.visit = ptx_visit,
};
