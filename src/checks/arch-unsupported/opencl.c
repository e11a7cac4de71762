/*
 * arch-unsupported for OpenCL C: an atomic operation the parse's device
 * profile lacks, where clang accepts it anyway.  (What clang rejects, the
 * non-explicit functions and atomic_long on a profile without them, is
 * restated from its errors: opencl_errors.c.)
 *
 *  1. An order or scope argument the profile lacks, on an OpenCL C 3.0
 *     profile: memory_order_acquire / _release / _acq_rel without
 *     __opencl_c_atomic_order_acq_rel, memory_scope_device without
 *     __opencl_c_atomic_scope_device.  clang's header declares those
 *     constants whatever the profile says (seq_cst and all-devices it
 *     leaves undeclared, so those are clang's errors).
 *  2. A 1.x atomic function (atom_add, atomic_add, ..., atomic_cmpxchg) on
 *     a 64-bit word (long, ulong) without cl_khr_int64_base_atomics (add,
 *     sub, xchg, inc, dec, cmpxchg) or cl_khr_int64_extended_atomics (min,
 *     max, and, or, xor): clang then calls the 32-bit overload through an
 *     incompatible pointer conversion (a warning only), which updates half
 *     of the word.
 *  3. atomic_fetch_add / _sub / _min / _max (and _explicit) on atomic_float
 *     or atomic_double without cl_ext_float_atomics (clang's header
 *     declares them for SPIR whatever -cl-ext says).
 *
 * Fixes (fixits/cl_fallbacks.c has the helpers): where the spec allows,
 * a CAS-loop fallback, one uniquely named helper inserted once per file,
 * the call rewritten to it:
 *   - 3. on __global, __local or generic memory: a compare-exchange loop on
 *     the object seen as atomic_uint (atomic_ulong for double, where every
 *     profile has atomic_ulong), with the call's order and scope, which
 *     every profile must have;
 *   - 2. for atom_min/_max/_and/_or/_xor where every profile has
 *     cl_khr_int64_base_atomics (its 64-bit atom_cmpxchg): a loop on it.
 * None for 1. (a weaker order or scope changes the meaning), nor for a
 * 64-bit word on a profile without a 64-bit compare-and-swap: a 64-bit
 * read-modify-write cannot be made atomic from 32-bit ones.  One fix must
 * be right for every profile of the run (all_profiles_have), so the fix of
 * one call is the same text in every profile's parse and collapses.
 */
#include "checks/arch-unsupported/opencl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/language.h"
#include "analysis/expr_util.h"
#include "atomics/atomics.h"
#include "cuatomlint/strbuf.h"
#include "fixits/cl_fallbacks.h"
#include "fixits/edit.h"
#include "fixits/include_insert.h"

static const struct {
	const char *constant, *feature;
} argument_features[] = {
	{ "memory_order_acquire", "__opencl_c_atomic_order_acq_rel" },
	{ "memory_order_release", "__opencl_c_atomic_order_acq_rel" },
	{ "memory_order_acq_rel", "__opencl_c_atomic_order_acq_rel" },
	{ "memory_scope_device", "__opencl_c_atomic_scope_device" },
};

static void judge_arguments(struct cal_walk *w, CXCursor c, const char *fn,
			    const struct cal_ocl_profile *p)
{
	int i, n = clang_Cursor_getNumArguments(c);
	size_t j;

	if (w->parse->opencl < 300)
		return;	/* 2.0 has them all */
	for (i = 1; i < n; i++) {
		CXCursor arg = clang_Cursor_getArgument(c, i);
		CXCursor ref = clang_getCursorReferenced(cal_strip_casts(arg));
		if (clang_getCursorKind(ref) != CXCursor_EnumConstantDecl)
			continue;
		for (j = 0; j < sizeof(argument_features) / sizeof(argument_features[0]); j++)
			if (cal_cursor_name_is(ref, argument_features[j].constant) &&
			    !cal_ocl_profile_has(p, argument_features[j].feature))
				cal_report(w, arg, "'%s' with %s needs %s, which device profile '%s' "
					   "lacks", fn, argument_features[j].constant,
					   argument_features[j].feature, p->name);
	}
}

#define INT64_BASE "cl_khr_int64_base_atomics"
#define INT64_EXTENDED "cl_khr_int64_extended_atomics"

/*
 * The extension a 1.x function needs on a 64-bit word: the base one (add,
 * sub, xchg, inc, dec, cmpxchg) or the extended one (min, max, and, or,
 * xor).  NULL for any other function.
 */
static const char *int64_feature(const struct cal_atomic_op *r)
{
	if (!r || r->api != CAL_API_OPENCL_1X)
		return NULL;
	switch (r->op) {
	case CAL_OP_MIN: case CAL_OP_MAX: case CAL_OP_AND: case CAL_OP_OR: case CAL_OP_XOR:
		return INT64_EXTENDED;
	default:
		return INT64_BASE;
	}
}

/* Does every device profile of the run have feature? */
static int all_have(const char *feature)
{
	const struct cal_opencl_front *front = cal_opencl_front();
	return front && front->all_profiles_have(feature);
}

/* The address space a pointer type points into; -1 for __private, __constant or not a pointer. */
static int pointee_space(CXType ptr)
{
	char *s;
	int sp;

	ptr = clang_getCanonicalType(ptr);
	if (ptr.kind != CXType_Pointer)
		return -1;
	s = cal_take_string(clang_getTypeSpelling(clang_getPointeeType(ptr)));
	sp = strstr(s, "__global") ? CAL_CL_GLOBAL : strstr(s, "__local") ? CAL_CL_LOCAL
	     : strstr(s, "__constant") || strstr(s, "__private") ? -1 : CAL_CL_GENERIC;
	free(s);
	return sp;
}

/*
 * A fallback fix under construction: the helper and the two edits (the
 * helper inserted at the top of the file, the call rewritten to it), or
 * why there is none.
 */
struct cl_fix {
	struct cal_cl_fallback fb;
	struct cal_edit edits[2];
	int nr_edits;
	char *why_not;		/* allocated */
};

static void fix_clear(struct cl_fix *fix)
{
	while (fix->nr_edits > 0)
		cal_edit_clear(&fix->edits[--fix->nr_edits]);
	free(fix->why_not);
	fix->why_not = NULL;
}

/* The edits calling the helper as NAME(object, operand) instead of call. */
static void build_edits(struct cal_walk *w, CXCursor call, CXCursor object, CXCursor operand,
			struct cl_fix *fix)
{
	CXTranslationUnit tu = w->parse->tu;
	char *name = cal_cl_fallback_name(&fix->fb), *helper = cal_cl_fallback_text(&fix->fb);
	char *obj = cal_cursor_text(tu, object, CAL_TEXT_MACRO_USES);
	char *val = cal_cursor_text(tu, operand, CAL_TEXT_MACRO_USES), *text = NULL;

	if (!obj || !val || !*obj || !*val) {
		fix->why_not = xstrdup("the call or its arguments come from a macro expansion");
		goto out;
	}
	text = xasprintf("%s(%s, %s)", name, obj, val);
	if (cal_edit_replace_cursor(call, text, &fix->edits[0]) < 0) {
		fix->why_not = xstrdup("the call or its arguments come from a macro expansion");
		goto out;
	}
	fix->nr_edits = 1;
	if (cal_top_insert_edit(tu, clang_getCursorLocation(call), helper, NULL,
				&fix->edits[1]) != 0) {
		fix_clear(fix);
		fix->why_not = xstrdup("there is no place for the helper in the file");
		goto out;
	}
	fix->nr_edits = 2;
out:
	free(name);
	free(helper);
	free(obj);
	free(val);
	free(text);
}

/* Attach the fix (if any) to f; the message already says why not, if not. */
static void attach_fix(struct cal_finding *f, struct cl_fix *fix, const char *what)
{
	char *name, *desc;

	if (fix->nr_edits == 2) {
		name = cal_cl_fallback_name(&fix->fb);
		desc = xasprintf("call '%s', %s", name, what);
		cal_add_fix_edits(f, desc, fix->edits, fix->nr_edits);
		fix->nr_edits = 0;
		free(name);
		free(desc);
	}
	fix_clear(fix);
}

/* "; no automatic fix: WHY" for a message, or "" (static or fix->why_not's copy; caller frees). */
static char *no_fix_words(const struct cl_fix *fix)
{
	return fix->why_not ? xasprintf("; no automatic fix: %s", fix->why_not) : xstrdup("");
}

/* The canonical kind of what the call's first argument points to, as written. */
static enum CXTypeKind pointee_kind(CXCursor c)
{
	CXType t = clang_getCursorType(cal_ignore_wrappers(clang_Cursor_getArgument(c, 0)));

	if (clang_getCanonicalType(t).kind != CXType_Pointer)
		return CXType_Invalid;
	return clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(t))).kind;
}

static const char *op_word(enum cal_op op)
{
	switch (op) {
	case CAL_OP_ADD: return "add";
	case CAL_OP_SUB: return "sub";
	case CAL_OP_MIN: return "min";
	case CAL_OP_MAX: return "max";
	case CAL_OP_AND: return "and";
	case CAL_OP_OR: return "or";
	case CAL_OP_XOR: return "xor";
	default: return NULL;
	}
}

/*
 * The fallback of a 1.x call fn(object, operand) on a 64-bit word (ptr:
 * the pointer's type as written) that lacks the extended atomics on some
 * profile: an atom_cmpxchg loop, where every profile has the base ones.
 */
static void int64_fix(struct cal_walk *w, CXCursor call, const char *fn, CXCursor object,
		      CXCursor operand, CXType ptr, struct cl_fix *fix)
{
	const struct cal_atomic_op *r = cal_atomic_op_cl_find(fn);
	CXType pointee = clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(ptr)));
	int sp = pointee_space(ptr);

	memset(fix, 0, sizeof(*fix));
	if (!all_have(INT64_BASE))
		fix->why_not = xstrdup("a device profile of the run has no 64-bit compare-and-swap ("
				       INT64_BASE "), and a 64-bit read-modify-write cannot be "
				       "made atomic from 32-bit ones");
	else if (!int64_feature(r) || strcmp(int64_feature(r), INT64_EXTENDED) || !op_word(r->op))
		fix->why_not = xstrdup("no fallback is known for it");
	else if (strncmp(fn, "atom_", 5))
		fix->why_not = xasprintf("the 64-bit functions of the cl_khr_int64 extensions are "
					 "the atom_* ones ('atom_%s')", op_word(r->op));
	else if (sp != CAL_CL_GLOBAL && sp != CAL_CL_LOCAL)
		fix->why_not = xstrdup("the word is not in __global or __local memory");
	else if (clang_Cursor_isNull(operand))
		fix->why_not = xstrdup("the call does not have two arguments");
	if (fix->why_not)
		return;
	fix->fb.op = op_word(r->op);
	fix->fb.word = pointee.kind == CXType_ULong ? CAL_CL_U64 : CAL_CL_I64;
	fix->fb.space = (enum cal_cl_space)sp;
	build_edits(w, call, object, operand, fix);
}

static void judge_64bit(struct cal_walk *w, CXCursor c, const char *fn,
			const struct cal_ocl_profile *p)
{
	const char *feature = int64_feature(cal_atomic_op_cl_find(fn));
	enum CXTypeKind k;
	CXCursor object;
	struct cl_fix fix;
	struct cal_finding *f;
	char *why;

	if (!feature || clang_Cursor_getNumArguments(c) < 1 || cal_ocl_profile_has(p, feature))
		return;
	k = pointee_kind(c);
	if (k != CXType_Long && k != CXType_ULong)
		return;
	object = cal_ignore_wrappers(clang_Cursor_getArgument(c, 0));
	int64_fix(w, c, fn, object, clang_Cursor_getNumArguments(c) == 2
		  ? clang_Cursor_getArgument(c, 1) : clang_getNullCursor(),
		  clang_getCursorType(object), &fix);
	why = no_fix_words(&fix);
	f = cal_report(w, c, "'%s' on a 64-bit word needs %s, which device profile '%s' lacks: "
		       "without it clang calls the 32-bit '%s' through an incompatible pointer "
		       "conversion, which updates only half of the word%s", fn, feature, p->name,
		       fn, why);
	attach_fix(f, &fix, "an atom_cmpxchg loop (" INT64_BASE ")");
	free(why);
}

static const char *const orders[] = {
	"relaxed", "acquire", "release", "acq_rel", "seq_cst", NULL
};
static const char *const fallback_scopes[] = { "work_group", "device", NULL };

/* The name an argument gives after prefix, if it is an enum constant named in list; else NULL. */
static const char *constant_named(CXCursor arg, const char *prefix, const char *const *list)
{
	CXCursor ref = clang_getCursorReferenced(cal_strip_casts(arg));
	const char *hit = NULL;
	size_t n = strlen(prefix);
	char *name;
	int i;

	if (clang_getCursorKind(ref) != CXCursor_EnumConstantDecl)
		return NULL;
	name = cal_cursor_name(ref);
	for (i = 0; list[i] && !strncmp(name, prefix, n); i++)
		if (!strcmp(name + n, list[i]))
			hit = list[i];
	free(name);
	return hit;
}

/* The OpenCL C 3.0 feature an order needs, or NULL. */
static const char *order_feature(const char *order)
{
	if (!strcmp(order, "relaxed"))
		return NULL;
	return strcmp(order, "seq_cst") ? "__opencl_c_atomic_order_acq_rel"
					: "__opencl_c_atomic_order_seq_cst";
}

/* Why the helper cannot keep the call's order and scope on every profile, or NULL. */
static char *order_scope_problem(struct cal_walk *w, const char *order, const char *scope)
{
	const char *feature;

	if (!order || !scope)
		return xstrdup("the fallback keeps the call's order and scope, and takes them only "
			       "as memory_order_* and memory_scope_work_group/_device constants");
	if (w->parse->opencl < 300)
		return NULL;	/* 2.0 has every order and scope */
	feature = order_feature(order);
	if (feature && !all_have(feature))
		return xasprintf("a device profile of the run lacks %s, which memory_order_%s needs",
				 feature, order);
	if (!strcmp(scope, "device") && !all_have("__opencl_c_atomic_scope_device"))
		return xstrdup("a device profile of the run lacks __opencl_c_atomic_scope_device");
	return NULL;
}

/*
 * The fallback of a float fetch-and-op call: the call's order and scope
 * (seq_cst and device where it has none), a compare-exchange on the bits.
 */
static void float_fix(struct cal_walk *w, CXCursor c, const struct cal_atomic_op *r,
		      enum CXTypeKind k, CXType ptr, struct cl_fix *fix)
{
	int n = clang_Cursor_getNumArguments(c), sp = pointee_space(ptr);
	const char *order = "seq_cst", *scope = "device";

	memset(fix, 0, sizeof(*fix));
	if (n >= 3)
		order = constant_named(clang_Cursor_getArgument(c, 2), "memory_order_", orders);
	if (n >= 4)
		scope = constant_named(clang_Cursor_getArgument(c, 3), "memory_scope_",
				       fallback_scopes);
	if (n < 2 || n > 4)
		fix->why_not = xstrdup("the call's arguments are not those of the built-in");
	else if ((fix->why_not = order_scope_problem(w, order, scope)))
		return;
	else if (sp < 0)
		fix->why_not = xstrdup("the object is not in __global, __local or generic memory");
	else if (sp != CAL_CL_LOCAL && !strcmp(scope, "work_group"))
		/* scope-mismatch would flag the helper: it cannot see that the caller's word is its work-group's own */
		fix->why_not = xstrdup("a work-group-scope fallback on memory other work-groups can "
				       "reach would be reported by scope-mismatch in the helper");
	else if (sp == CAL_CL_GENERIC && w->parse->opencl >= 300 &&
		 !all_have("__opencl_c_generic_address_space"))
		fix->why_not = xstrdup("the pointer is not __global or __local, and a device profile "
				       "of the run lacks the generic address space");
	else if (k == CXType_Double && !(all_have(INT64_BASE) && all_have(INT64_EXTENDED)))
		fix->why_not = xstrdup("a device profile of the run has no atomic_ulong (" INT64_BASE
				       " and " INT64_EXTENDED ") for the 64-bit compare-exchange");
	if (fix->why_not)
		return;
	fix->fb.op = op_word(r->op);
	fix->fb.word = k == CXType_Double ? CAL_CL_F64 : CAL_CL_F32;
	fix->fb.space = (enum cal_cl_space)sp;
	fix->fb.order = order;
	fix->fb.scope = scope;
	build_edits(w, c, cal_ignore_wrappers(clang_Cursor_getArgument(c, 0)),
		    clang_Cursor_getArgument(c, 1), fix);
}

/* Has p one of cl_ext_float_atomics' features for type bits ("fp32") and what ("add")? */
static int has_any_float_feature(const struct cal_ocl_profile *p)
{
	static const char *const features[] = {
		"__opencl_c_ext_fp32_global_atomic_add", "__opencl_c_ext_fp32_local_atomic_add",
		"__opencl_c_ext_fp32_global_atomic_min_max", "__opencl_c_ext_fp32_local_atomic_min_max",
		"__opencl_c_ext_fp64_global_atomic_add", "__opencl_c_ext_fp64_local_atomic_add",
		"__opencl_c_ext_fp64_global_atomic_min_max", "__opencl_c_ext_fp64_local_atomic_min_max",
		NULL,
	};
	int i;

	for (i = 0; features[i]; i++)
		if (cal_ocl_profile_has(p, features[i]))
			return 1;
	return 0;
}

/*
 * Does p have the float atomic operation op on type k in address space sp
 * (generic, or not known: both __global and __local)?  cl_ext_float_atomics
 * names a feature for each type, operation and space (add covers sub); a
 * profile with the extension but no feature list (before OpenCL 3.0) has
 * them all.
 */
static int has_float_atomic(const struct cal_ocl_profile *p, enum CXTypeKind k,
			    enum cal_op op, int sp)
{
	const char *bits = k == CXType_Float ? "fp32" : "fp64";
	const char *what = op == CAL_OP_MIN || op == CAL_OP_MAX ? "min_max" : "add";
	char name[64];
	int has = 1;

	if (!cal_ocl_profile_has(p, "cl_ext_float_atomics"))
		return 0;
	if (!has_any_float_feature(p))
		return 1;
	if (sp != CAL_CL_LOCAL) {
		snprintf(name, sizeof(name), "__opencl_c_ext_%s_global_atomic_%s", bits, what);
		has &= cal_ocl_profile_has(p, name);
	}
	if (sp != CAL_CL_GLOBAL) {
		snprintf(name, sizeof(name), "__opencl_c_ext_%s_local_atomic_%s", bits, what);
		has &= cal_ocl_profile_has(p, name);
	}
	return has;
}

static void judge_float(struct cal_walk *w, CXCursor c, const char *fn,
			const struct cal_ocl_profile *p)
{
	const struct cal_atomic_op *r = cal_atomic_op_cl_find(fn);
	CXType t, ptr;
	enum CXTypeKind k;
	struct cl_fix fix;
	struct cal_finding *f;
	char *why;

	/* atomic_fetch_add / _sub / _min / _max, with or without _explicit */
	if (!r || r->api != CAL_API_OPENCL_2X ||
	    (r->op != CAL_OP_ADD && r->op != CAL_OP_SUB && r->op != CAL_OP_MIN && r->op != CAL_OP_MAX))
		return;
	if (clang_Cursor_getNumArguments(c) < 1)
		return;
	ptr = clang_getCursorType(cal_ignore_wrappers(clang_Cursor_getArgument(c, 0)));
	if (clang_getCanonicalType(ptr).kind != CXType_Pointer)
		return;
	t = clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(ptr)));
	if (t.kind != CXType_Atomic)
		return;
	k = clang_getCanonicalType(clang_Type_getValueType(t)).kind;
	if ((k != CXType_Float && k != CXType_Double) ||
	    has_float_atomic(p, k, r->op, pointee_space(ptr)))
		return;
	float_fix(w, c, r, k, ptr, &fix);
	why = no_fix_words(&fix);
	f = cal_report(w, c, "'%s' on atomic_%s needs cl_ext_float_atomics%s, which device profile "
		       "'%s' lacks%s", fn, k == CXType_Float ? "float" : "double",
		       !cal_ocl_profile_has(p, "cl_ext_float_atomics") ? ""
		       : k == CXType_Float ? " with that fp32 operation in that address space"
		       : " with that fp64 operation in that address space", p->name, why);
	attach_fix(f, &fix, k == CXType_Float ? "a compare-exchange loop on its bits as atomic_uint"
		   : "a compare-exchange loop on its bits as atomic_ulong");
	free(why);
}

static void report_ambiguous(struct cal_walk *w, CXCursor c, const char *fn, const char *feature,
			     const struct cal_ocl_profile *p)
{
	CXCursor object = cal_ignore_wrappers(cal_child(c, 1));
	struct cl_fix fix;
	struct cal_finding *f;
	char *why;

	int64_fix(w, c, fn, object, cal_nr_children(c) == 3 ? cal_child(c, 2) : clang_getNullCursor(),
		  clang_getCursorType(object), &fix);
	why = no_fix_words(&fix);
	f = cal_report(w, c, "'%s' on a 64-bit word needs %s, which device profile '%s' lacks "
		       "(clang has no 64-bit '%s' here and reports the call as ambiguous)%s",
		       fn, feature, p->name, fn, why);
	f->severity = CAL_SEV_ERROR;
	attach_fix(f, &fix, "an atom_cmpxchg loop (" INT64_BASE ")");
	free(why);
}

/*
 * A 64-bit word can make the call ambiguous instead (atom_or(long *) has
 * int and uint overloads and no long one): clang's error "call to 'atom_or'
 * is ambiguous" says nothing of why.  Its recovery expression holds the
 * overloaded name and the arguments.
 */
static void judge_ambiguous(struct cal_walk *w, CXCursor c, const struct cal_ocl_profile *p)
{
	CXCursor name = cal_child(c, 0), arg;
	CXType t;
	char *fn;

	if (clang_getCursorKind(c) != CXCursor_UnexposedExpr || cal_nr_children(c) < 2)
		return;
	/* the unresolved name: libclang shows a DeclRefExpr over an OverloadedDeclRef */
	if (clang_getCursorKind(name) == CXCursor_DeclRefExpr && cal_nr_children(name) == 1)
		name = cal_child(name, 0);
	if (clang_getCursorKind(name) != CXCursor_OverloadedDeclRef)
		return;
	fn = cal_cursor_name(name);
	arg = cal_ignore_wrappers(cal_child(c, 1));
	t = clang_getCanonicalType(clang_getCursorType(arg));
	if (!strncmp(fn, "atom", 4) && t.kind == CXType_Pointer) {
		enum CXTypeKind k = clang_getCanonicalType(clang_getPointeeType(t)).kind;
		/* a name not of the 1.x base functions: the extended extension, as ever */
		const char *feature = int64_feature(cal_atomic_op_cl_find(fn));
		if (!feature)
			feature = INT64_EXTENDED;
		if ((k == CXType_Long || k == CXType_ULong) && !cal_ocl_profile_has(p, feature))
			report_ambiguous(w, c, fn, feature, p);
	}
	free(fn);
}

void cal_arch_cl_visit(struct cal_walk *w, CXCursor c)
{
	const struct cal_ocl_profile *p = w->parse->ocl_profile;
	char *fn;

	if (p)
		judge_ambiguous(w, c, p);
	if (!p || !cal_ocl_is_builtin_call(c))
		return;
	fn = cal_cursor_name(cal_call_callee(c));
	if (!strncmp(fn, "atom", 4)) {
		judge_arguments(w, c, fn, p);
		judge_64bit(w, c, fn, p);
		judge_float(w, c, fn, p);
	}
	free(fn);
}
