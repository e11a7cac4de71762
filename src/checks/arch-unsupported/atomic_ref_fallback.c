/*
 * Table C's fix for a cuda::atomic_ref load or store on a target below
 * sm_60, for arch-unsupported: the load becomes cuatomlint_acquire_load(&obj)
 * (an atomicAdd of zero, then __threadfence(); fallbacks.c has the helper),
 * the store "__threadfence(), atomicExch(&obj, v)".  A seq_cst operation
 * (the default) gets the fence on its other side too.
 *
 * The rewrite needs the object the atomic_ref refers to, as text that still
 * names it at the call: the argument of a temporary's constructor
 * (cuda::atomic_ref<int>(flag).load()), or of a named atomic_ref's
 * constructor when that argument is a plain variable (a pointer that may
 * have moved since is not rewritten).
 */
#include "checks/arch-unsupported/atomic_ref_fallback.h"

#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "fixits/edit.h"
#include "fixits/fallbacks.h"
#include "fixits/include_insert.h"
#include "cuatomlint/strbuf.h"
#include "analysis/expr_util.h"

#define MAX_COPIES 3	/* atomic_ref constructed from an atomic_ref, at most this deep */

static enum CXChildVisitResult find_constructor(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr &&
	    clang_getCursorKind(clang_getCursorReferenced(c)) == CXCursor_Constructor) {
		*(CXCursor *)data = c;
		return CXChildVisit_Break;
	}
	return clang_isExpression(clang_getCursorKind(c)) ? CXChildVisit_Recurse
							  : CXChildVisit_Continue;
}

/* The constructor call that made e (e itself, or inside a cast or braces), or null. */
static CXCursor constructor_of(CXCursor e)
{
	CXCursor ctor = clang_getNullCursor();

	e = cal_ignore_wrappers(e);
	if (clang_getCursorKind(e) == CXCursor_CallExpr &&
	    clang_getCursorKind(clang_getCursorReferenced(e)) == CXCursor_Constructor)
		return e;
	clang_visitChildren(e, find_constructor, &ctor);
	return ctor;
}

/* The initializer of a variable declaration: its last expression child. */
static CXCursor initializer_of(CXCursor var)
{
	CXCursor init = clang_getNullCursor();
	int i, n = cal_nr_children(var);

	for (i = 0; i < n; i++)
		if (clang_isExpression(clang_getCursorKind(cal_child(var, i))))
			init = cal_child(var, i);
	return init;
}

static int is_atomic_ref(CXType t)
{
	CXCursor decl = clang_getTypeDeclaration(clang_getCanonicalType(t));
	return cal_cursor_name_is(decl, "atomic_ref");
}

static int is_plain_variable(CXCursor e)
{
	enum CXCursorKind k;

	e = cal_ignore_wrappers(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return 0;
	k = clang_getCursorKind(clang_getCursorReferenced(e));
	return k == CXCursor_VarDecl || k == CXCursor_ParmDecl;
}

/* The object an atomic_ref expression refers to, or null if it cannot be named at the use. */
static CXCursor referenced_object(CXCursor ref)
{
	int depth, named = 0;
	CXCursor ctor, arg;

	for (depth = 0; depth < MAX_COPIES; depth++) {
		ref = cal_ignore_wrappers(ref);
		if (clang_getCursorKind(ref) == CXCursor_DeclRefExpr) {
			CXCursor var = clang_getCursorReferenced(ref);
			if (clang_getCursorKind(var) != CXCursor_VarDecl)
				return clang_getNullCursor();
			ref = initializer_of(var);
			named = 1;
		}
		ctor = constructor_of(ref);
		if (clang_Cursor_isNull(ctor) || clang_Cursor_getNumArguments(ctor) != 1)
			return clang_getNullCursor();
		arg = clang_Cursor_getArgument(ctor, 0);
		if (!is_atomic_ref(clang_getCursorType(arg)))
			return named && !is_plain_variable(arg) ? clang_getNullCursor() : arg;
		ref = arg;
	}
	return clang_getNullCursor();
}

/* Is the memory-order argument seq_cst?  Absent (the default) or not a known weaker order: yes. */
static int is_seq_cst(CXTranslationUnit tu, CXCursor call, int index)
{
	static const char *const weaker[] = { "relaxed", "consume", "acquire", "release", "acq_rel" };
	char *text;
	size_t i;
	int seq = 1;

	if (clang_Cursor_getNumArguments(call) <= index)
		return 1;
	text = cal_cursor_text(tu, clang_Cursor_getArgument(call, index), CAL_TEXT_MACRO_USES);
	for (i = 0; text && i < sizeof(weaker) / sizeof(weaker[0]); i++)
		if (strstr(text, weaker[i]))
			seq = 0;
	free(text);
	return seq;
}

static const char *value_type(CXType ref_type)
{
	CXType t = clang_getCanonicalType(clang_Type_getTemplateArgumentAsType(ref_type, 0));

	switch (t.kind) {
	case CXType_Int: return "int";
	case CXType_UInt: return "unsigned int";
	case CXType_ULongLong: return "unsigned long long";
	case CXType_Float: return "float";
	default: return NULL;	/* no atomicAdd/atomicExch for it */
	}
}

static char *replacement(CXTranslationUnit tu, CXCursor call, int is_load, const char *type,
			 const char *obj)
{
	char *value = NULL, *text;

	if (is_load)
		return is_seq_cst(tu, call, 0)
			       ? xasprintf("(__threadfence(), cuatomlint_acquire_load(&(%s)))", obj)
			       : xasprintf("cuatomlint_acquire_load(&(%s))", obj);
	if (clang_Cursor_getNumArguments(call) < 1 ||
	    !(value = cal_cursor_text(tu, clang_Cursor_getArgument(call, 0),
				      CAL_TEXT_MACRO_USES)) || !*value) {
		free(value);
		return NULL;
	}
	text = xasprintf("(__threadfence(), (void)atomicExch(&(%s), (%s)(%s))%s)", obj, type, value,
			 is_seq_cst(tu, call, 1) ? ", __threadfence()" : "");
	free(value);
	return text;
}

int cal_atomic_ref_fallback_fix(CXTranslationUnit tu, CXCursor call, CXCursor ref,
				CXFile anchor, struct cal_finding *f)
{
	const char *member = NULL, *type = value_type(clang_getCursorType(ref));
	CXCursor object;
	struct cal_edit edits[2];
	char *name = cal_cursor_name(clang_getCursorReferenced(call)), *obj = NULL, *text = NULL;
	char *helper;
	int n = 0, r = -1;

	if (!strcmp(name, "load"))
		member = "load";
	else if (!strcmp(name, "store"))
		member = "store";
	free(name);
	if (!member || !type || !is_atomic_ref(clang_getCursorType(ref)))
		return -1;
	object = referenced_object(ref);
	if (clang_Cursor_isNull(object) ||
	    !(obj = cal_cursor_text(tu, object, CAL_TEXT_MACRO_USES)) ||
	    !(text = replacement(tu, call, *member == 'l', type, obj)) ||
	    cal_edit_replace_cursor(call, text, &edits[n]) < 0)
		goto out;
	n++;
	if (*member == 'l') {
		helper = xasprintf("%s\n", cal_acquire_load_helper);
		if (cal_top_insert_edit_in(tu, anchor, helper, NULL, &edits[n]) == 0)
			n++;
		free(helper);
		if (n < 2)
			goto out;
	}
	r = cal_add_fix_edits(f, *member == 'l' ? "use the legacy acquire load (atomicAdd of 0, "
				  "then __threadfence())" : "use __threadfence() and atomicExch",
			      edits, n);
	n = 0;
out:
	while (n > 0)
		cal_edit_clear(&edits[--n]);
	free(obj);
	free(text);
	return r;
}
