/*
 * volatile-sync in OpenCL C: the generic check finds the spin-waits on and
 * the publishing stores to volatile words; this says it in OpenCL's words
 * and builds OpenCL's fix.
 *
 * The fix is atomic_load_explicit / atomic_store_explicit with acquire /
 * release order, at memory_scope_work_group for a __local word (only the
 * work-group shares it) and memory_scope_device otherwise, through a cast
 * to the matching atomic_* pointer (the object stays declared as it is;
 * the cast keeps volatile and the address space).  It needs OpenCL C 2.0
 * or later and, on every profile the file is judged for, the acq_rel
 * order and (for __global or generic words) the device scope: one fix
 * must compile and be right for all of them, or there is none.  OpenCL C
 * 1.2 gets no fix: its legacy form (atomic_add(p, 0) to read, mem_fence,
 * atomic_xchg to publish) was run on an H100 through NVIDIA's OpenCL and
 * still read 99.5% stale words (issue 14), so no 1.2 form is proven.
 */
#include "checks/volatile-sync/opencl.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "analysis/volatile_util.h"
#include "fixits/edit.h"
#include "cuatomlint/strbuf.h"
#include "opencl/opencl.h"

enum space { SP_GLOBAL, SP_LOCAL, SP_GENERIC, SP_OTHER };

static enum space space_of(CXCursor lvalue)
{
	char *s = cal_take_string(clang_getTypeSpelling(clang_getCursorType(lvalue)));
	enum space sp = strstr(s, "__global") ? SP_GLOBAL : strstr(s, "__local") ? SP_LOCAL
			: strstr(s, "__constant") || strstr(s, "__private") ? SP_OTHER : SP_GENERIC;
	free(s);
	return sp;
}

static const char *space_word(enum space sp)
{
	return sp == SP_GLOBAL ? "__global " : sp == SP_LOCAL ? "__local " : "";
}

/* The atomic_* type for the word's type, or NULL (int64 ones need the 64-bit atomics). */
static const char *atomic_type(CXCursor lvalue, int int64)
{
	CXType t = clang_getCanonicalType(cal_type_unqualified(clang_getCursorType(lvalue)));

	switch (t.kind) {
	case CXType_Int: return "atomic_int";
	case CXType_UInt: return "atomic_uint";
	case CXType_Float: return "atomic_float";
	case CXType_Long: return int64 ? "atomic_long" : NULL;
	case CXType_ULong: return int64 ? "atomic_ulong" : NULL;
	default: return NULL;
	}
}

/* Why there is no fix, or NULL. */
static const char *no_fix_reason(const struct cal_ocl_volatile *v, enum space sp)
{
	if (cal_ocl_std() < 200)
		return "OpenCL C 1.2 has no acquire/release atomics, and its legacy form "
		       "(atomic_add(p, 0) to read, mem_fence, atomic_xchg to publish) read stale "
		       "data on an H100; build as CL2.0 or CL3.0 for atomic_load_explicit/"
		       "atomic_store_explicit";
	if (sp == SP_OTHER)
		return "the word is not in __global, __local or generic memory";
	if (sp == SP_GENERIC && !cal_ocl_all_profiles_have("__opencl_c_generic_address_space"))
		return "the pointer is not __global or __local, and a device profile lacks the "
		       "generic address space";
	if (!cal_ocl_all_profiles_have("__opencl_c_atomic_order_acq_rel"))
		return "a device profile lacks __opencl_c_atomic_order_acq_rel";
	if (sp != SP_LOCAL && !cal_ocl_all_profiles_have("__opencl_c_atomic_scope_device"))
		return "a device profile lacks __opencl_c_atomic_scope_device, and work-group "
		       "scope does not order memory between work-groups";
	if (!atomic_type(v->lvalue, cal_ocl_all_profiles_have("cl_khr_int64_base_atomics") &&
			 cal_ocl_all_profiles_have("cl_khr_int64_extended_atomics")))
		return "its type has no OpenCL atomic_* type on every device profile";
	if (!v->fix_allowed)
		return v->why_not ? v->why_not : "the code did not parse cleanly";
	return NULL;
}

/* Names, subscripts and members bind tighter than a cast: "p", "flags[i]", "s.ready". */
static int is_postfix_expression(const char *text)
{
	const char *s;
	int depth = 0;

	for (s = text; *s; s++) {
		if (*s == '[')
			depth++;
		else if (*s == ']')
			depth--;
		else if (!depth && !(isalnum((unsigned char)*s) || *s == '_' || *s == '.'))
			return 0;
	}
	return 1;
}

/* The word's address as a pointer to its atomic type. */
static char *atomic_pointer(CXTranslationUnit tu, CXCursor lvalue, enum space sp,
			    const char *type)
{
	int deref = vol_is_unary(lvalue, CXUnaryOperator_Deref);
	CXCursor base = deref ? cal_child(lvalue, 0) : lvalue;
	char *text = cal_cursor_text(tu, base, CAL_TEXT_NO_MACROS), *out;
	int simple;

	if (!text)
		return NULL;
	simple = is_postfix_expression(text);
	out = xasprintf("(volatile %s%s *)%s%s%s%s", space_word(sp), type, deref ? "" : "&",
			simple ? "" : "(", text, simple ? "" : ")");
	free(text);
	return out;
}

static char *replacement(CXTranslationUnit tu, const struct cal_ocl_volatile *v, enum space sp)
{
	const char *scope = sp == SP_LOCAL ? "memory_scope_work_group" : "memory_scope_device";
	const char *type = atomic_type(v->lvalue, 1);
	char *ptr = atomic_pointer(tu, v->lvalue, sp, type), *value, *out;

	if (!ptr)
		return NULL;
	if (v->poll) {
		out = xasprintf("atomic_load_explicit(%s, memory_order_acquire, %s)", ptr, scope);
		free(ptr);
		return out;
	}
	value = cal_cursor_text(tu, cal_child(v->assign, 1), CAL_TEXT_NO_MACROS);
	out = value ? xasprintf("atomic_store_explicit(%s, %s, memory_order_release, %s)",
				ptr, value, scope) : NULL;
	free(value);
	free(ptr);
	return out;
}

static void add_fix(CXTranslationUnit tu, struct cal_finding *f,
		    const struct cal_ocl_volatile *v, enum space sp)
{
	char *text = replacement(tu, v, sp);
	struct cal_edit e;
	struct cal_fix *fix;

	if (!text || cal_edit_replace_cursor(v->poll ? v->lvalue : v->assign, text, &e) < 0) {
		free(text);
		return;
	}
	fix = cal_finding_add_fix(f, v->poll ? "use an atomic acquire load"
				  : "use an atomic release store");
	cal_fix_add_edit(fix, &e);
	cal_edit_clear(&e);
	free(text);
}

void cal_ocl_report_volatile(struct cal_walk *w, CXTranslationUnit tu,
			     const struct cal_ocl_volatile *v)
{
	char *subject = vol_subject(tu, v->lvalue);
	enum space sp = space_of(v->lvalue);
	const char *why = no_fix_reason(v, sp);
	struct cal_finding *f;

	if (v->poll)
		f = cal_report(w, v->lvalue, "spin-wait on volatile %s'%s': volatile reads neither "
			       "synchronize work-items nor order memory, use atomic_load_explicit "
			       "with memory_order_acquire", space_word(sp), subject);
	else
		f = cal_report(w, v->assign, "store to volatile %s'%s', which another work-item "
			       "polls, publishes nothing: volatile writes are not ordered, use "
			       "atomic_store_explicit with memory_order_release", space_word(sp),
			       subject);
	if (v->polled_at)
		cal_note_at(w, f, *v->polled_at, "'%s' is polled here", subject);
	if (why)
		cal_note_at(w, f, v->poll ? v->lvalue : v->assign, "no fix: %s", why);
	else
		add_fix(tu, f, v, sp);
	free(subject);
}
