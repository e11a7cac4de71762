/*
 * arch-unsupported for OpenCL C: an atomic operation the parse's device
 * profile lacks, where clang accepts it anyway.  (What clang rejects, the
 * non-explicit functions and atomic_long on a profile without them, is
 * restated from its errors: src/opencl/unsupported.c.)
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
 * No fix: a weaker order or scope changes the meaning, and a CAS-loop
 * fallback for these is not written yet (docs/checks/arch-unsupported.md).
 */
#include "checks/arch_unsupported_cl.h"

#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "parse/language.h"
#include "analysis/expr_util.h"
#include "atomics/atomics.h"

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

/* The canonical kind of what the call's first argument points to, as written. */
static enum CXTypeKind pointee_kind(CXCursor c)
{
	CXType t = clang_getCursorType(cal_ignore_wrappers(clang_Cursor_getArgument(c, 0)));

	if (clang_getCanonicalType(t).kind != CXType_Pointer)
		return CXType_Invalid;
	return clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(t))).kind;
}

static void judge_64bit(struct cal_walk *w, CXCursor c, const char *fn,
			const struct cal_ocl_profile *p)
{
	const char *feature = int64_feature(cal_atomic_op_cl_find(fn));
	enum CXTypeKind k;

	if (!feature || clang_Cursor_getNumArguments(c) < 1 || cal_ocl_profile_has(p, feature))
		return;
	k = pointee_kind(c);
	if (k != CXType_Long && k != CXType_ULong)
		return;
	cal_report(w, c, "'%s' on a 64-bit word needs %s, which device profile '%s' lacks: "
		   "without it clang calls the 32-bit '%s' through an incompatible pointer "
		   "conversion, which updates only half of the word", fn, feature, p->name, fn);
}

static void judge_float(struct cal_walk *w, CXCursor c, const char *fn,
			const struct cal_ocl_profile *p)
{
	const struct cal_atomic_op *r = cal_atomic_op_cl_find(fn);
	CXType t;
	enum CXTypeKind k;

	/* atomic_fetch_add / _sub / _min / _max, with or without _explicit */
	if (!r || r->api != CAL_API_OPENCL_2X ||
	    (r->op != CAL_OP_ADD && r->op != CAL_OP_SUB && r->op != CAL_OP_MIN && r->op != CAL_OP_MAX))
		return;
	if (clang_Cursor_getNumArguments(c) < 1 || cal_ocl_profile_has(p, "cl_ext_float_atomics"))
		return;
	t = clang_getCursorType(cal_ignore_wrappers(clang_Cursor_getArgument(c, 0)));
	if (clang_getCanonicalType(t).kind != CXType_Pointer)
		return;
	t = clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(t)));
	if (t.kind != CXType_Atomic)
		return;
	k = clang_getCanonicalType(clang_Type_getValueType(t)).kind;
	if (k != CXType_Float && k != CXType_Double)
		return;
	cal_report(w, c, "'%s' on atomic_%s needs cl_ext_float_atomics, which device profile '%s' "
		   "lacks", fn, k == CXType_Float ? "float" : "double", p->name);
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
			cal_report(w, c, "'%s' on a 64-bit word needs %s, which device profile '%s' "
				   "lacks (clang has no 64-bit '%s' here and reports the call as ambiguous)",
				   fn, feature, p->name, fn)->severity = CAL_SEV_ERROR;
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
