/*
 * arch-unsupported: an atomic operation that a target of the build lacks.
 *
 * Three kinds of call are judged against the facts table, each for the
 * targets of the parse whose sm is below the row's minimum (so code
 * preprocessed away for an arch is never judged for it):
 *
 *  - legacy atomics (atomicAdd & co., their _block/_system variants): the
 *    operand type is the called overload's parameter type, or, where the
 *    target's headers drop the overload and clang finds no match, the
 *    argument's type (clang's recovery expression keeps the arguments);
 *  - __nv_atomic_* builtins: the object size, f64 add/sub, cluster scope;
 *  - member calls on cuda::atomic / cuda::atomic_ref.
 *
 * Where the build's toolkit emulates an operation the target lacks, a
 * note-severity finding says so instead.  The fix (a table C fallback
 * helper, or the device-scope variant of a _block call) is built by
 * add_fix(); fallbacks.c holds the helpers.
 */
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "analysis/template_pattern.h"
#include "parse/check.h"
#include "parse/user_words.h"
#include "fixits/edit.h"
#include "fixits/fallbacks.h"
#include "fixits/include_insert.h"
#include "checks/arch-unsupported/opencl.h"
#include "checks/arch-unsupported/hip.h"
#include "checks/arch-unsupported/atomic_ref_fallback.h"
#include "checks/arch-unsupported/redefinition.h"
#include "parse/arch_dependence.h"
#include "cuatomlint/facts.h"
#include "cuatomlint/strbuf.h"
#include "atomics/atomics.h"
#include "atomics/nv_atomic.h"
#include "analysis/reach.h"

#define CHECK_ID "arch-unsupported"

/* What one atomic call is, as far as the facts table cares. */
struct atomic_call {
	CXCursor expr;		/* the call, reported */
	CXCursor name_ref;	/* the callee's name, replaced by a fix */
	CXCursor object;	/* cuda::atomic(_ref) calls: the object called on */
	char *name;		/* "atomicAdd_block" */
	enum cal_api api;
	enum cal_op op;
	unsigned quals;
	enum cal_vtype type;
	enum cal_signedness sign;
	char *type_name;	/* the pointee, "double" */
};

struct arch_state {
	CXFile anchor;		/* where fallback helpers go: the main file, or NULL */
	struct cal_reach *reach;	/* findings only in code emitted for the targets */
};

/* The fact type of a CUDA vector/half record by name, or CAL_T_ANY. */
static enum cal_vtype record_type(const char *name)
{
	static const struct { const char *name; enum cal_vtype t; } records[] = {
		{ "__half", CAL_T_F16 }, { "__half2", CAL_T_F16X2 },
		{ "__nv_bfloat16", CAL_T_BF16 }, { "__nv_bfloat162", CAL_T_BF16X2 },
		{ "float2", CAL_T_FLOAT2 }, { "float4", CAL_T_FLOAT4 },
	};
	size_t i;

	for (i = 0; i < sizeof(records) / sizeof(records[0]); i++)
		if (!strcmp(name, records[i].name))
			return records[i].t;
	return CAL_T_ANY;
}

static enum cal_signedness int_sign(enum CXTypeKind k)
{
	switch (k) {
	case CXType_Char_S: case CXType_SChar: case CXType_Short: case CXType_Int:
	case CXType_Long: case CXType_LongLong:
		return CAL_SIGN_SIGNED;
	default:
		return CAL_SIGN_UNSIGNED;
	}
}

static int is_integer_kind(enum CXTypeKind k)
{
	return (k >= CXType_Bool && k <= CXType_Int128 && k != CXType_Char16 &&
		k != CXType_Char32) || k == CXType_Enum;
}

/*
 * The fact-table type of an operand (canonical pointee type t) for op;
 * CAL_T_ANY if the facts have nothing to say about it (or t is dependent).
 */
static enum cal_vtype classify(CXType t, enum cal_op op, enum cal_signedness *sign)
{
	long long size = clang_Type_getSizeOf(t);
	enum CXTypeKind k = t.kind;

	*sign = CAL_SIGN_ANY;
	if (k == CXType_Record) {
		char *name = cal_cursor_name(clang_getTypeDeclaration(t));
		enum cal_vtype hit = record_type(name);
		free(name);
		if (hit != CAL_T_ANY)
			return hit;
	}
	if (size == 16 && (op == CAL_OP_CAS || op == CAL_OP_EXCH || op == CAL_OP_LOAD ||
			   op == CAL_OP_STORE))
		return CAL_T_B128;
	if (k == CXType_Double)
		return CAL_T_F64;
	if (k == CXType_Float)
		return CAL_T_F32;
	if (!is_integer_kind(k))
		return CAL_T_ANY;
	*sign = k == CXType_Enum ? CAL_SIGN_ANY : int_sign(k);
	if (size == 2)
		return CAL_T_B16;
	if (size == 8)
		return CAL_T_I64;
	return size == 4 ? CAL_T_I32 : CAL_T_ANY;
}

/* t: the operand's canonical type, invalid if unknown */
static void set_operand(struct atomic_call *ac, CXType t)
{
	if (t.kind == CXType_Invalid)
		return;
	ac->type = classify(t, ac->op, &ac->sign);
	ac->type_name = cal_type_name(cal_type_unqualified(t));
}

/*
 * The calls judged: CUDA's legacy atomics, resolved or not (clang's
 * recovery expression keeps the arguments where the target's headers drop
 * the overload); calls of the prelude's builtins with an object argument;
 * member function calls on a cuda::atomic / cuda::atomic_ref.
 */
static int judged(const struct cal_atomic *a)
{
	switch (a->api) {
	case CAL_API_LEGACY:
		return a->from_cuda && a->how != CAL_CALLEE_WRAPPED;
	case CAL_API_NV_BUILTIN:
		return cal_nv_atomic_is_builtin_call(a) && clang_Cursor_getNumArguments(a->call) >= 1;
	case CAL_API_LIBCUDACXX:
		return a->from_cuda && clang_getCursorKind(a->callee) == CXCursor_CXXMethod;
	default:
		return 0;
	}
}

static int atomic_call_of(struct cal_walk *w, CXCursor c, struct atomic_call *ac)
{
	struct cal_atomic a;

	if (!cal_atomic_classify(w, c, &a) || !judged(&a))
		return 0;
	ac->expr = c;
	ac->api = a.api;
	ac->op = a.op;
	ac->name = cal_cursor_name(a.callee);
	if (a.api == CAL_API_LIBCUDACXX) {
		ac->object = a.object;
		ac->type = CAL_T_ANY;
		ac->type_name = cal_type_name(a.atomic_type);
		return 1;
	}
	ac->name_ref = a.name_ref;
	set_operand(ac, a.operand);
	/* a builtin's cluster scope is a note of its own (report_cluster) */
	if (a.api == CAL_API_LEGACY || a.scope == CAL_SCOPE_CLUSTER)
		ac->quals = cal_scope_qual(a.scope);
	return 1;
}

static void atomic_call_clear(struct atomic_call *ac)
{
	free(ac->name);
	free(ac->type_name);
	memset(ac, 0, sizeof(*ac));
}

/* "atomicAdd(double*)", "'__nv_atomic_load_n' on a 16-byte type" ... (caller frees) */
static char *operation_words(const struct atomic_call *ac, const struct cal_fact *f)
{
	const char *tn = ac->type_name ? ac->type_name : "?";

	if (ac->api == CAL_API_LEGACY)
		return xasprintf("%s(%s*)%s", ac->name, tn,
				 ac->type == CAL_T_B128 ? " on a 16-byte type" : "");
	return xasprintf("'%s' on '%s' (%s)", ac->name, tn, f->what);
}

/* Why no fix is offered, or NULL if one may be. */
static const char *no_fix_reason(struct cal_walk *w, const struct atomic_call *ac)
{
	const struct cal_fact *sys;

	if (ac->api != CAL_API_LEGACY)
		return NULL;
	if (ac->quals & CAL_Q_SCOPE_SYSTEM) {
		sys = cal_facts_find(CAL_API_LEGACY, CAL_OP_ANY, CAL_T_ANY, CAL_Q_SCOPE_SYSTEM);
		if (sys && cal_walk_targets_below(w, cal_fact_min_sm(sys, w->parse->cuda_major)))
			return "no automatic fix: no fallback gives system scope below sm_60";
	}
	if (ac->type == CAL_T_B128)
		return "no automatic fix: no 16-byte atomic exists below sm_90";
	return NULL;
}

static char *fix_insert_text(const struct cal_fallback *fb)
{
	char *helper = cal_fallback_text(fb);
	char *text = xasprintf("%s\n", helper);
	free(helper);
	return text;
}

/*
 * The fix: the helper inserted at the file's fixed anchor (identical text
 * at one place, so the same helper from several findings is one edit) and
 * the callee renamed.  A _block call of a type the target supports becomes
 * the device-scope call.
 */
static void add_fix(struct cal_walk *w, struct arch_state *st, struct cal_finding *f,
		    const struct atomic_call *ac)
{
	const struct cal_fallback *fb = cal_fallback_find(ac->op, ac->type, ac->sign);
	struct cal_edit insert, rename;
	struct cal_fix *fix;
	char *device_name, *text, *desc;

	if (ac->api == CAL_API_LIBCUDACXX && st->anchor)
		cal_atomic_ref_fallback_fix(w->parse->tu, ac->expr, ac->object, st->anchor, f);
	if (ac->api != CAL_API_LEGACY)
		return;
	if (!fb) {
		if (!(ac->quals & CAL_Q_SCOPE_BLOCK))
			return;
		device_name = xstrndup(ac->name, strlen(ac->name) - strlen("_block"));
		desc = xasprintf("use the device-scope '%s' (a wider scope is correct)",
				 device_name);
		cal_add_simple_fix(f, desc, clang_getCursorExtent(ac->name_ref), device_name);
		free(device_name);
		free(desc);
		return;
	}
	if (!st->anchor)
		return;
	text = fix_insert_text(fb);
	if (cal_top_insert_edit_in(w->parse->tu, st->anchor, text, NULL, &insert) != 0) {
		free(text);
		return;
	}
	free(text);
	if (cal_edit_replace(clang_getCursorExtent(ac->name_ref), fb->name, &rename) < 0) {
		cal_edit_clear(&insert);
		return;
	}
	desc = xasprintf("call '%s', a fallback for targets below sm_%u", fb->name,
			 fb->native_arch / 10);
	fix = cal_finding_add_fix(f, desc);
	cal_fix_add_edit(fix, &insert);
	cal_fix_add_edit(fix, &rename);
	free(desc);
	cal_edit_clear(&insert);
	cal_edit_clear(&rename);
}

/*
 * Is the call the same in every instantiation of the template it is in: its
 * type and every argument's are written without the template's parameters
 * (template_pattern.h), so the overload it calls, and a rename of it, are?
 */
static int call_fixed_in_template(struct cal_walk *w, CXCursor call)
{
	CXTranslationUnit tu = w->parse->tu;
	int i, n = clang_Cursor_getNumArguments(call);

	if (n < 0 || !cal_pattern_type_is_fixed(tu, w->function, call))
		return 0;
	for (i = 0; i < n; i++)
		if (!cal_pattern_type_is_fixed(tu, w->function, clang_Cursor_getArgument(call, i)))
			return 0;
	return 1;
}

static void report_unsupported(struct cal_walk *w, struct arch_state *st,
			       const struct atomic_call *ac, const struct cal_fact *fact,
			       unsigned min_sm, uint64_t below)
{
	char *op = operation_words(ac, fact);
	const char *no_fix = no_fix_reason(w, ac);
	struct cal_finding *f;

	f = cal_report(w, ac->expr, "%s needs sm_%u; the build targets " CAL_ARCHS_PLACEHOLDER
		       "%s%s", op, min_sm, no_fix ? "; " : "", no_fix ? no_fix : "");
	f->archs = below;
	f->arch_specific = 1;
	cal_reach_defer(st->reach, w, f, CAL_REACH_ANALYSED);
	if (cal_walk_in_dependent_instantiation(w) &&
	    (ac->api != CAL_API_LEGACY || !call_fixed_in_template(w, ac->expr))) {
		char *fn = cal_walk_function_name(w);
		cal_note_at(w, f, w->function, "in instantiation '%s'%s", fn,
			    no_fix ? "" : "; no automatic fix: the template's other "
			    "instantiations share this call");
		free(fn);
	} else if (!no_fix) {
		add_fix(w, st, f, ac);
	}
	free(op);
}

static void report_emulated(struct cal_walk *w, struct arch_state *st,
			    const struct atomic_call *ac,
			    const struct cal_fact *fact, uint64_t emulated)
{
	char *op = operation_words(ac, fact);
	struct cal_finding *f;

	f = cal_report(w, ac->expr, "%s is emulated with a CAS loop by the CUDA %d headers on "
		       CAL_ARCHS_PLACEHOLDER " (native from sm_%u)", op,
		       w->parse->cuda_major, fact->min_sm);
	f->severity = CAL_SEV_NOTE;
	f->archs = emulated;
	f->arch_specific = 1;
	cal_reach_defer(st->reach, w, f, CAL_REACH_EMITTED);
	free(op);
}

static void report_cluster(struct cal_walk *w, struct arch_state *st,
			   const struct atomic_call *ac)
{
	const struct cal_fact *f = cal_facts_find(ac->api, CAL_OP_ANY, CAL_T_ANY,
						  CAL_Q_SCOPE_CLUSTER);
	uint64_t below;
	struct cal_finding *fi;

	if (!f)
		return;
	below = cal_walk_targets_below(w, cal_fact_min_sm(f, w->parse->cuda_major));
	if (!below)
		return;
	fi = cal_report(w, ac->expr, "'%s' with cluster scope needs sm_%u; nvcc uses device "
			"scope instead on " CAL_ARCHS_PLACEHOLDER, ac->name, f->min_sm);
	fi->severity = CAL_SEV_NOTE;
	fi->archs = below;
	fi->arch_specific = 1;
	cal_reach_defer(st->reach, w, fi, CAL_REACH_EMITTED);
}

static void judge(struct cal_walk *w, struct arch_state *st, const struct atomic_call *ac)
{
	const struct cal_fact *fact;
	unsigned min_sm;
	uint64_t below, native_below;

	if (ac->api != CAL_API_LIBCUDACXX && ac->type == CAL_T_ANY &&
	    !(ac->quals & (CAL_Q_SCOPE_BLOCK | CAL_Q_SCOPE_SYSTEM)))
		return;
	fact = cal_facts_find(ac->api, ac->op, ac->type, ac->quals & ~CAL_Q_SCOPE_CLUSTER);
	if (fact) {
		min_sm = cal_fact_min_sm(fact, w->parse->cuda_major);
		below = cal_walk_targets_below(w, min_sm);
		native_below = cal_walk_targets_below(w, fact->min_sm) & ~below;
		if (below)
			report_unsupported(w, st, ac, fact, min_sm, below);
		if (native_below)
			report_emulated(w, st, ac, fact, native_below);
	}
	if (ac->quals & CAL_Q_SCOPE_CLUSTER)
		report_cluster(w, st, ac);
}

static void arch_visit(struct cal_walk *w, CXCursor c, void *state)
{
	struct atomic_call ac;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct arch_state *st = state;

	if (w->parse->opencl) {
		cal_arch_cl_visit(w, c);	/* OpenCL C: the device profile's rules */
		return;
	}
	if (st->reach)
		cal_reach_visit(st->reach, w, c);
	if (w->parse->hip) {
		if (st->reach)
			cal_arch_hip_visit(w, st->reach, c);	/* clang's AMDGPU builtins */
		return;
	}
	if (k == CXCursor_FunctionDecl)
		cal_arch_report_redefinition(w, c);
	if ((k != CXCursor_CallExpr && k != CXCursor_UnexposedExpr) ||
	    !cal_walk_in_device_code(w))
		return;
	memset(&ac, 0, sizeof(ac));
	if (atomic_call_of(w, c, &ac))
		judge(w, st, &ac);
	atomic_call_clear(&ac);
}

/* The helpers' anchor: the main file, if its text is known (fixits/include_insert.h). */
static void find_anchor(struct cal_walk *w, struct arch_state *st)
{
	CXFile main = clang_getFile(w->parse->tu, w->parse->main_file);
	size_t size;

	if (main && cal_file_contents(w->parse->tu, main, &size))
		st->anchor = main;
}

static void *arch_begin(struct cal_walk *w)
{
	struct arch_state *st = xcalloc(1, sizeof(*st));
	if (!w->parse->is_host && !w->parse->opencl) {
		find_anchor(w, st);
		st->reach = cal_reach_share(w);
	}
	return st;
}

static void arch_end(struct cal_walk *w, void *state)
{
	struct arch_state *st = state;

	if (st->reach)
		cal_reach_end(st->reach, w);
	free(st);
}

static void arch_explain_errors(struct cal_findings *errors, const struct cal_findings *found,
				size_t first);

/* Before the walk: the errors this check says in its own words (see each half). */
static size_t arch_claim_errors(const struct cal_parse_info *parse, struct cal_findings *errors)
{
	if (parse->opencl)
		return parse->ocl_profile ? cal_ocl_claim_errors(errors, parse->ocl_profile,
								 parse->tu, CHECK_ID) : 0;
	return parse->hip ? 0 : cal_arch_claim_redefinitions(parse, errors);
}

/*
 * nvcc's host pass defines atomicAdd(double *, double) too, so a user's
 * definition the host sees is a finding for the host as a target (see
 * redefinition.c): in a file that tests the arch (the classic guard
 * '#if __CUDA_ARCH__ < 600' holds on the host), the host parse is needed
 * wherever a user file declares one, whatever else only the host reads.
 * A file that tests nothing is left to its device parses, as before
 * (double-add-redefinition-plain.cu).
 */
static const char *host_parse_wanted(const struct cal_tu_facts *facts)
{
	return facts->depends_on_arch ? facts->double_add_where : NULL;
}

const struct cal_check cal_check_arch_unsupported = {
	.id = CHECK_ID,
	.severity = CAL_SEV_ERROR,
	.enabled_by_default = 1,
	.summary = "atomic operation that a target GPU architecture of the build does not support",
	.doc = CHECK_ID ".md",
	.languages = CAL_LANG_CUDA | CAL_LANG_OPENCL | CAL_LANG_HIP,
	.needs_words = CAL_WORD_ATOMIC,
	.wants_host_parse = host_parse_wanted,
	.explain_errors = arch_explain_errors,
	.claim_errors = arch_claim_errors,
	.begin = arch_begin,
	.visit = arch_visit,
	.end = arch_end,
	.hip_fixes = 1,		/* hip.c's: HIP code */
};

static int no_matching_atomic(const struct cal_finding *e)
{
	static const char prefix[] = "no matching function for call to '";

	return !strcmp(e->check, "clang-diagnostic-error") &&
	       !strncmp(e->message, prefix, sizeof(prefix) - 1) &&
	       (!strncmp(e->message + sizeof(prefix) - 1, "atomic", 6) ||
		!strncmp(e->message + sizeof(prefix) - 1, "__nv_atomic", 11));
}

/*
 * An OpenCL 1.x atomic on a 64-bit word the device profile lacks the
 * extension for: clang calls it ambiguous; the finding says why.
 */
static int ambiguous_opencl_atomic(const struct cal_finding *e, const struct cal_finding *f)
{
	return !strcmp(e->check, "clang-diagnostic-error") && strstr(e->message, "' is ambiguous") &&
	       strstr(f->message, "device profile");
}

static int covered(const struct cal_finding *e, const struct cal_findings *found, size_t first,
		   int opencl_ambiguity)
{
	size_t i;

	for (i = first; i < found->nr; i++) {
		const struct cal_finding *f = &found->items[i];
		if (!strcmp(f->check, CHECK_ID) && f->severity == CAL_SEV_ERROR &&
		    f->range.begin.file && e->range.begin.file &&
		    !strcmp(f->range.begin.file, e->range.begin.file) &&
		    f->range.begin.offset == e->range.begin.offset &&
		    (!opencl_ambiguity || ambiguous_opencl_atomic(e, f)))
			return 1;
	}
	return 0;
}

/*
 * Where a target's CUDA headers drop an overload (atomicAdd(__half*) below
 * sm_70), clang reports "no matching function for call to 'atomicAdd'" and
 * this check reports the same call with the reason: each such error at the
 * start of a call that an arch-unsupported error among found->items[first..]
 * reports is dropped from errors.
 */
static void arch_explain_errors(struct cal_findings *errors, const struct cal_findings *found,
				size_t first)
{
	size_t i, kept = 0;

	for (i = 0; i < errors->nr; i++) {
		struct cal_finding *e = &errors->items[i];
		if ((no_matching_atomic(e) && covered(e, found, first, 0)) ||
		    covered(e, found, first, 1)) {
			cal_finding_clear(e);
			continue;
		}
		errors->items[kept++] = *e;
	}
	errors->nr = kept;
}
