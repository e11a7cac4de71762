#include "ptx/asm_template.h"

#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"

/* Does a logical line start at src[i]: after a newline that no '\\' splices? */
static int logical_line_starts(const char *src, size_t i)
{
	if (i == 0)
		return 1;
	if (src[i - 1] != '\n' || (i >= 2 && src[i - 2] == '\\'))
		return 0;
	return !(i >= 3 && src[i - 2] == '\r' && src[i - 3] == '\\');
}

/* Is src[off] on a preprocessor directive's logical line (a #define)? */
static int in_directive(const char *src, size_t off)
{
	size_t i = off;

	while (!logical_line_starts(src, i))
		i--;
	while (i < off && (src[i] == ' ' || src[i] == '\t'))
		i++;
	return src[i] == '#';
}

/*
 * Spelled at the expansion site: direct.  Spelled elsewhere in the same
 * file but not on a #define line: inside the arguments of the macro use.
 */
static enum cal_template_place place_of(const struct cal_asm_template *at, CXCursor c,
					unsigned soff)
{
	CXFile xfile;
	unsigned xoff;

	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)), &xfile, NULL,
				   NULL, &xoff);
	if (!xfile || !clang_File_isEqual(xfile, at->file))
		return CAL_TEMPLATE_MACRO_BODY;
	if (soff == xoff)
		return CAL_TEMPLATE_DIRECT;
	return in_directive(at->src, soff) ? CAL_TEMPLATE_MACRO_BODY : CAL_TEMPLATE_MACRO_ARG;
}

/*
 * Read the template from the source text the statement is spelled in: the
 * source itself, a macro argument or a macro definition.  libclang cannot
 * lex the latter two for us (its file locations inside macro arguments map
 * to the expansion), so src/ptx/ reads the C literals itself.
 */
int cal_asm_template_load(struct cal_asm_template *at, CXCursor c)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	CXSourceLocation start = clang_getRangeStart(clang_getCursorExtent(c));
	unsigned soff;

	if (clang_getCursorKind(c) != CXCursor_AsmStmt || !tu)
		return -1;
	clang_getSpellingLocation(start, &at->file, NULL, NULL, &soff);
	if (!at->file)
		return -1;
	at->src = cal_file_contents(tu, at->file, &at->size);
	if (!at->src || soff >= at->size)
		return -1;
	at->place = place_of(at, c, soff);
	/* a toolkit macro's asm is the toolkit's business, like its headers */
	if (at->place == CAL_TEMPLATE_MACRO_BODY && cal_file_is_system(tu, at->file))
		return -1;
	if (ptx_text_from_asm(&at->text, at->src, at->size, soff) < 0)
		return -1;
	/* unreadable operands leave only [%N] references to resolve */
	if (ptx_asm_operands(at->src, at->size, soff, &at->operands) < 0)
		memset(&at->operands, 0, sizeof(at->operands));
	at->file_name = cal_file_name(at->file);
	ptx_parse(at->text.buf, at->text.len, &at->insns);
	return 0;
}

void cal_asm_template_release(struct cal_asm_template *at)
{
	ptx_text_release(&at->text);
	ptx_insns_release(&at->insns);
	free(at->file_name);
	memset(at, 0, sizeof(*at));
}

CXCursor cal_asm_address_operand(const struct cal_asm_template *at, CXCursor c,
				 const struct ptx_insn *insn)
{
	int i = ptx_address_operand(insn, at->text.buf, &at->operands);

	/* the children are the operand expressions, outputs first */
	if (i < 0 || i >= cal_nr_children(c))
		return clang_getNullCursor();
	return cal_child(c, i);
}

int cal_asm_has_statement(CXCursor c, const char *opcode, const char *qual)
{
	struct cal_asm_template at;
	int found;

	memset(&at, 0, sizeof(at));
	found = cal_asm_template_load(&at, c) == 0 &&
		ptx_has_statement(at.text.buf, at.text.len, opcode, qual);
	cal_asm_template_release(&at);
	return found;
}

/* A helper's body is a few statements: a longer one is not a load helper. */
#define HELPER_MAX_STMTS 4

struct param_ref_search {
	CXCursor fn;
	CXCursor ref;
	int index;
};

static enum CXChildVisitResult param_ref_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct param_ref_search *s = data;
	CXCursor d;
	int i, n;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	d = clang_getCanonicalCursor(clang_getCursorReferenced(c));
	if (clang_getCursorKind(d) != CXCursor_ParmDecl ||
	    clang_getCanonicalType(clang_getCursorType(d)).kind != CXType_Pointer)
		return CXChildVisit_Continue;
	n = clang_Cursor_getNumArguments(s->fn);
	for (i = 0; i < n; i++) {
		if (clang_equalCursors(clang_getCanonicalCursor(clang_Cursor_getArgument(s->fn, i)), d)) {
			s->ref = c;
			s->index = i;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Continue;
}

CXCursor cal_asm_helper_load(CXCursor fn, int (*accept)(CXCursor stmt, void *data), void *data,
			     CXCursor *ref, int *param)
{
	CXCursor body = cal_function_body(fn), stmts[HELPER_MAX_STMTS];
	struct param_ref_search s;
	int i, n;

	if (clang_Cursor_isNull(body))
		return clang_getNullCursor();
	n = cal_children(body, stmts, HELPER_MAX_STMTS);
	if (n > HELPER_MAX_STMTS)
		return clang_getNullCursor();
	for (i = 0; i < n; i++) {
		CXCursor stmt = stmts[i];
		if (clang_getCursorKind(stmt) != CXCursor_GCCAsmStmt || !accept(stmt, data))
			continue;
		s.fn = fn;
		s.ref = clang_getNullCursor();
		s.index = -1;
		clang_visitChildren(stmt, param_ref_visitor, &s);
		if (!clang_Cursor_isNull(s.ref)) {
			*ref = s.ref;
			*param = s.index;
			return stmt;
		}
	}
	return clang_getNullCursor();
}

int cal_asm_has_clobber(CXTranslationUnit tu, CXCursor stmt, const char *clobber)
{
	CXToken *toks = NULL;
	unsigned n = 0, i;
	size_t len = strlen(clobber);
	int found = 0;

	clang_tokenize(tu, clang_getCursorExtent(stmt), &toks, &n);
	for (i = 0; i < n && !found; i++) {
		char *t = cal_take_string(clang_getTokenSpelling(tu, toks[i]));
		found = clang_getTokenKind(toks[i]) == CXToken_Literal && strlen(t) == len + 2 &&
			t[0] == '"' && !memcmp(t + 1, clobber, len);
		free(t);
	}
	clang_disposeTokens(tu, toks, n);
	return found;
}

int cal_asm_qualifier_location(CXTranslationUnit tu, const struct cal_asm_template *at,
			       const struct ptx_insn *insn, const char *qual, CXSourceLocation *loc)
{
	size_t len = strlen(qual);
	int k;

	if (at->place != CAL_TEMPLATE_DIRECT)
		return -1;
	for (k = 0; k < insn->nr_quals; k++) {
		const struct ptx_qual *q = &insn->quals[k];
		if (q->len != len || memcmp(at->text.buf + q->pos, qual, len) ||
		    q->pos + len > at->text.len ||
		    at->text.origin[q->pos + len - 1] != at->text.origin[q->pos] + len - 1)
			continue;	/* another, or spelled with escapes or across literals */
		*loc = clang_getLocationForOffset(tu, at->file, at->text.origin[q->pos]);
		return 0;
	}
	return -1;
}
