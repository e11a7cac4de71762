/*
 * cas-float-compare in OpenCL C parses: the CAS functions and bit
 * reinterpretations of OpenCL C, and the fix in its words.  The loop
 * analysis is cuda.c's, shared by both languages.
 */
#include "checks/cas-float-compare/opencl.h"

#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "fixits/edit.h"
#include "cuatomlint/strbuf.h"
#include "analysis/expr_util.h"

/*
 * OpenCL C's CAS functions, by name (the OpenCL rows of the vocabulary):
 * 1.x atomic_cmpxchg / atom_cmpxchg return the old value (like atomicCAS),
 * 2.0 atomic_compare_exchange_* take the expected value by pointer.
 */
const struct cal_atomic_op *cal_cas_cl_row(CXCursor call)
{
	char *name = cal_cursor_name(call);
	const struct cal_atomic_op *r = cal_atomic_op_cl_find(name);

	free(name);
	return r && r->op == CAL_OP_CAS ? r : NULL;
}

/* OpenCL C's reinterpretations: as_uint(float), as_ulong(double). */
const char *cal_cas_cl_word_function(CXType t)
{
	switch (clang_getCanonicalType(t).kind) {
	case CXType_Float: return "as_uint";
	case CXType_Double: return "as_ulong";
	default: return NULL;
	}
}

/*
 * OpenCL C: as_float(x) and as_double(x) are macros (__builtin_astype), so
 * an operand written so is found by its text: the macro's name at the
 * operand's start, its parentheses matched in the file.
 */
struct cl_astype {
	unsigned offset, len;		/* the whole use, as_float(...) */
	char *inner;			/* the text between its parentheses */
	const char *to_bits;		/* as_int/as_uint/as_long/as_ulong for x's type */
};

static const char *cl_to_bits(CXType t)
{
	switch (clang_getCanonicalType(t).kind) {
	case CXType_Int: return "as_int";
	case CXType_UInt: return "as_uint";
	case CXType_Long: return "as_long";
	case CXType_ULong: return "as_ulong";
	default: return NULL;
	}
}

static int cl_astype_at(CXTranslationUnit tu, CXCursor op, struct cl_astype *a)
{
	CXFile file;
	const char *text;
	size_t size, i, open;
	int depth = 0;

	/* the astype and its parentheses are wrappers: what is left is x */
	a->to_bits = cl_to_bits(clang_getCursorType(cal_strip_casts(op)));
	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(op)), &file, NULL,
				   NULL, &a->offset);
	if (!a->to_bits || !file || !(text = cal_file_contents(tu, file, &size)))
		return 0;
	if (!((a->offset + 9 <= size && !strncmp(text + a->offset, "as_float(", 9)) ||
	      (a->offset + 10 <= size && !strncmp(text + a->offset, "as_double(", 10))))
		return 0;
	open = a->offset + (text[a->offset + 3] == 'f' ? 8 : 9);
	for (i = open; i < size; i++) {
		depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
		if (depth == 0)
			break;
	}
	if (i == size)
		return 0;
	a->len = (unsigned)(i + 1 - a->offset);
	a->inner = xstrndup(text + open + 1, i - open - 1);
	return 1;
}

static int cl_is_name(const char *s)
{
	for (; *s; s++)
		if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9')))
			return 0;
	return 1;
}

/* One operand's edit: as_float(x) -> x, else fn(op). */
static int cl_operand_edit(struct cal_walk *w, CXCursor op, const char *fn, struct cal_edit *e)
{
	CXTranslationUnit tu = w->parse->tu;
	struct cl_astype a;
	char *text;
	CXFile file;
	int r;

	if (cl_astype_at(tu, op, &a)) {
		text = cl_is_name(a.inner) ? xstrdup(a.inner) : xasprintf("(%s)", a.inner);
		clang_getExpansionLocation(clang_getCursorLocation(op), &file, NULL, NULL, NULL);
		r = cal_edit_replace_bytes(tu, clang_getLocationForOffset(tu, file, a.offset), a.len,
					   text, e);
		free(a.inner);
		free(text);
		return r;
	}
	if (!fn || !(a.inner = cal_cursor_text(tu, op, CAL_TEXT_MACRO_USES)))
		return -1;
	text = xasprintf("%s(%s)", fn, a.inner);
	r = cal_edit_replace_cursor(op, text, e);
	free(a.inner);
	free(text);
	return r;
}

void cal_cas_cl_add_word_fix(struct cal_walk *w, struct cal_finding *f, CXCursor cmp,
			     const char *fn)
{
	struct cal_edit edits[2];
	struct cl_astype a;
	int i;

	/* as_float(int x) on one side: as_int on the other */
	for (i = 0; i < 2; i++)
		if (cl_astype_at(w->parse->tu, cal_child(cmp, i), &a)) {
			fn = a.to_bits;
			free(a.inner);
			break;
		}
	memset(edits, 0, sizeof(edits));
	for (i = 0; i < 2; i++)
		cl_operand_edit(w, cal_child(cmp, i), fn, &edits[i]);
	cal_add_fix_edits(f, "compare the bit patterns", edits, 2);	/* none if one failed */
}
