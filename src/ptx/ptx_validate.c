/*
 * The rules of spec table D for one parsed atom / red instruction.
 *
 * Two kinds of problem: combinations the PTX ISA does not define (min_sm
 * 0: wrong on every target) and qualifiers or operation/type pairs that
 * need a newer target.  The target numbers come from the facts table
 * (cal_facts_find with CAL_API_PTX); this file holds none of its own.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ptx/ptx_atom.h"

struct sink {
	const struct ptx_insn *insn;
	const char *text;
	struct ptx_problem *out;
	int max, n;
};

static const struct ptx_qual *qual_of(const struct sink *k, enum ptx_qkind kind)
{
	int i = k->insn->first[kind];
	return i < 0 ? NULL : &k->insn->quals[i];
}

static int value_of(const struct sink *k, enum ptx_qkind kind)
{
	const struct ptx_qual *q = qual_of(k, kind);
	return q ? q->value : 0;
}

static const char *opcode(const struct sink *k)
{
	if (!k->insn->is_red)
		return "atom";
	return qual_of(k, PTX_QK_ASYNC) ? "red.async" : "red";
}

/* A problem at q (or, if q is NULL, at the opcode). */
static struct ptx_problem *add(struct sink *k, const struct ptx_qual *q, unsigned min_sm,
			       const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static struct ptx_problem *add(struct sink *k, const struct ptx_qual *q, unsigned min_sm,
			       const char *fmt, ...)
{
	struct ptx_problem *p;
	va_list ap;

	if (k->n >= k->max)
		return NULL;
	p = &k->out[k->n++];
	memset(p, 0, sizeof(*p));
	p->pos = q ? q->pos : k->insn->pos;
	p->len = q ? q->len : (k->insn->is_red ? 3 : 4);
	p->min_sm = min_sm;
	va_start(ap, fmt);
	vsnprintf(p->message, sizeof(p->message), fmt, ap);
	va_end(ap);
	return p;
}

/* The qualifier's text for messages: "%.*s", QTEXT(k, q). */
#define QTEXT(k, q) (int)(q)->len, (k)->text + (q)->pos

static int is_half(int ty)
{
	return ty == PTX_TY_F16 || ty == PTX_TY_BF16 || ty == PTX_TY_F16X2 || ty == PTX_TY_BF16X2;
}

static int is_packed_half(int ty)
{
	return ty == PTX_TY_F16X2 || ty == PTX_TY_BF16X2;
}

static int is_bits(int ty)
{
	return ty == PTX_TY_B32 || ty == PTX_TY_B64;
}

static int is_int(int ty)
{
	return ty == PTX_TY_U32 || ty == PTX_TY_S32 || ty == PTX_TY_U64 || ty == PTX_TY_S64;
}

static const char *const kind_names[PTX_QK_COUNT] = {
	"unknown", ".sem", ".scope", "state space", "operation", "type", ".noftz",
	"vector", ".level::cache_hint", ".async", "completion mechanism", "ld/st",
};

static void check_qualifier_kinds(struct sink *k)
{
	const struct ptx_insn *in = k->insn;
	int i;

	for (i = 0; i < in->nr_quals; i++) {
		const struct ptx_qual *q = &in->quals[i];
		const struct ptx_qual *first = &in->quals[in->first[q->kind]];
		if (q->kind == PTX_QK_UNKNOWN)
			add(k, q, 0, "'%.*s' is not a qualifier of %s", QTEXT(k, q), opcode(k));
		else if (q->kind == PTX_QK_LDST_ONLY)
			add(k, q, 0, "'%.*s' is not a qualifier of %s (ld/st only)", QTEXT(k, q),
			    opcode(k));
		else if (first != q)
			add(k, q, 0, "'%.*s' repeats the %s qualifier of %s ('%.*s' already given)",
			    QTEXT(k, q), kind_names[q->kind], opcode(k), QTEXT(k, first));
	}
	if (!qual_of(k, PTX_QK_OP))
		add(k, NULL, 0, "'%s' has no operation qualifier (.add, .cas, .exch ...)", opcode(k));
	if (!qual_of(k, PTX_QK_TYPE))
		add(k, NULL, 0, "'%s' has no type qualifier (.u32, .b64, .f32 ...)", opcode(k));
}

static void check_red(struct sink *k)
{
	const struct ptx_qual *op = qual_of(k, PTX_QK_OP);
	const struct ptx_qual *sem = qual_of(k, PTX_QK_SEM);

	if (!k->insn->is_red)
		return;
	if (op && (op->value == CAL_OP_CAS || op->value == CAL_OP_EXCH))
		add(k, op, 0, "'%.*s' is not a reduction: %s has no .cas or .exch; use atom",
		    QTEXT(k, op), opcode(k));
	if (sem && (sem->value == CAL_ORDER_ACQUIRE || sem->value == CAL_ORDER_ACQ_REL))
		add(k, sem, 0, "'%.*s' is not valid on %s, which takes only .relaxed or .release",
		    QTEXT(k, sem), opcode(k));
}

static void check_space(struct sink *k)
{
	const struct ptx_qual *space = qual_of(k, PTX_QK_SPACE);
	const struct ptx_qual *hint = qual_of(k, PTX_QK_CACHE_HINT);
	const struct ptx_qual *op = qual_of(k, PTX_QK_OP);

	if (space && space->value == PTX_SPACE_OTHER)
		add(k, space, 0, "'%.*s': %s works on .global and .shared memory only",
		    QTEXT(k, space), opcode(k));
	if (hint && space && space->value != PTX_SPACE_GLOBAL)
		add(k, hint, 0, "'%.*s' is only valid for .global memory or generic addressing, "
		    "not '%.*s'", QTEXT(k, hint), QTEXT(k, space));
	else if (hint && op && op->value == CAL_OP_CAS)
		add(k, hint, 0, "'%.*s' is not valid with '%.*s' (the three-operand form has no "
		    "cache policy)", QTEXT(k, hint), QTEXT(k, op));
}

/* Which types each operation takes (scalar forms). */
static int scalar_type_ok(int op, int ty)
{
	switch (op) {
	case CAL_OP_AND: case CAL_OP_OR: case CAL_OP_XOR:
		return is_bits(ty);
	case CAL_OP_CAS:
		return is_bits(ty) || ty == PTX_TY_B16 || ty == PTX_TY_B128;
	case CAL_OP_EXCH:
		return is_bits(ty) || ty == PTX_TY_B128;
	case CAL_OP_INC: case CAL_OP_DEC:
		return ty == PTX_TY_U32;
	case CAL_OP_ADD:
		/* the ISA's .type list has .s64, but ptxas (13.0) rejects add.s64 */
		return (is_int(ty) && ty != PTX_TY_S64) || is_half(ty) || ty == PTX_TY_F32 ||
		       ty == PTX_TY_F64;
	case CAL_OP_MIN: case CAL_OP_MAX:
		return is_int(ty);
	default:
		return 1;
	}
}

static const char *op_takes(int op)
{
	switch (op) {
	case CAL_OP_AND: case CAL_OP_OR: case CAL_OP_XOR:
		return "bit operations take .b32 or .b64";
	case CAL_OP_CAS:
		return ".cas takes .b16, .b32, .b64 or .b128";
	case CAL_OP_EXCH:
		return ".exch takes .b32, .b64 or .b128";
	case CAL_OP_INC: case CAL_OP_DEC:
		return ".inc and .dec take .u32 only";
	case CAL_OP_ADD:
		return ".add takes .u32, .s32, .u64, .f32, .f64 or (with .noftz) .f16, .f16x2, "
		       ".bf16, .bf16x2 (not .s64: ptxas rejects it)";
	default:
		return ".min and .max take .u32, .s32, .u64 or .s64 (half types only in vector forms)";
	}
}

/* Returns 1 if the operation/type pair is valid. */
static int check_scalar_types(struct sink *k)
{
	const struct ptx_qual *op = qual_of(k, PTX_QK_OP), *ty = qual_of(k, PTX_QK_TYPE);

	if (!ty || !op)
		return 0;
	if (ty->value == PTX_TY_OTHER) {
		add(k, ty, 0, "'%.*s' is not a type of %s", QTEXT(k, ty), opcode(k));
		return 0;
	}
	if (ty->value == PTX_TY_B128 && (op->value == CAL_OP_CAS || op->value == CAL_OP_EXCH) &&
	    k->insn->is_red)
		return 0;	/* check_red said it */
	if (ty->value == PTX_TY_B16 && op->value == CAL_OP_CAS && k->insn->is_red)
		return 0;
	if (ty->value == PTX_TY_B128 && op->value != CAL_OP_CAS && op->value != CAL_OP_EXCH) {
		add(k, ty, 0, "'%.*s' is only valid with .cas or .exch, not '%.*s'",
		    QTEXT(k, ty), QTEXT(k, op));
		return 0;
	}
	if (ty->value == PTX_TY_B16 && op->value != CAL_OP_CAS) {
		add(k, ty, 0, "'%.*s' is only valid with .cas, not '%.*s'", QTEXT(k, ty), QTEXT(k, op));
		return 0;
	}
	if (qual_of(k, PTX_QK_VEC) || scalar_type_ok(op->value, ty->value))
		return 1;
	add(k, ty, 0, "'%.*s' is not valid with '%.*s': %s", QTEXT(k, ty), QTEXT(k, op),
	    op_takes(op->value));
	return 0;
}

static void check_noftz(struct sink *k)
{
	const struct ptx_qual *op = qual_of(k, PTX_QK_OP), *ty = qual_of(k, PTX_QK_TYPE);
	const struct ptx_qual *noftz = qual_of(k, PTX_QK_NOFTZ);
	struct ptx_problem *p;

	if (!ty || ty->value == PTX_TY_OTHER)
		return;
	if (noftz && !is_half(ty->value)) {
		add(k, noftz, 0, "'%.*s' applies only to .f16, .f16x2, .bf16 and .bf16x2, not '%.*s'",
		    QTEXT(k, noftz), QTEXT(k, ty));
		return;
	}
	if (noftz || !is_half(ty->value) || !op)
		return;
	p = add(k, ty, 0, "%s%.*s on '%.*s' requires '.noftz'", opcode(k), QTEXT(k, op),
		QTEXT(k, ty));
	if (p && op->value == CAL_OP_ADD) {
		p->fix = PTX_FIX_INSERT_NOFTZ;
		p->fix_pos = op->pos + op->len;
	}
}

static void check_vector_operands(struct sink *k, const struct ptx_qual *vec)
{
	int i;

	for (i = 0; i < k->insn->nr_operands; i++) {
		const struct ptx_operand *o = &k->insn->operands[i];
		if (o->vec_elems && o->vec_elems != vec->value) {
			add(k, vec, 0, "'%.*s' needs %d-element operand lists, not %d",
			    QTEXT(k, vec), vec->value, o->vec_elems);
			return;
		}
	}
}

static void check_vector(struct sink *k)
{
	const struct ptx_qual *vec = qual_of(k, PTX_QK_VEC), *ty = qual_of(k, PTX_QK_TYPE);
	const struct ptx_qual *op = qual_of(k, PTX_QK_OP), *space = qual_of(k, PTX_QK_SPACE);

	if (!vec)
		return;
	if (space && space->value != PTX_SPACE_GLOBAL && space->value != PTX_SPACE_OTHER)
		add(k, space, 0, "'%.*s' is not valid with '%.*s': vector %s works on .global memory only",
		    QTEXT(k, space), QTEXT(k, vec), opcode(k));
	check_vector_operands(k, vec);
	if (!ty || ty->value == PTX_TY_OTHER)
		return;
	if (ty->value != PTX_TY_F32 && !is_half(ty->value)) {
		add(k, vec, 0, "'%.*s' is not valid with '%.*s': vector forms take .f32, .f16, .bf16, "
		    ".f16x2 or .bf16x2", QTEXT(k, vec), QTEXT(k, ty));
		return;
	}
	if (op && op->value != CAL_OP_ADD && op->value != CAL_OP_MIN && op->value != CAL_OP_MAX)
		add(k, op, 0, "'%.*s' is not valid with '%.*s': vector forms support .add, .min and .max",
		    QTEXT(k, op), QTEXT(k, vec));
	else if (op && ty->value == PTX_TY_F32 && op->value != CAL_OP_ADD)
		add(k, op, 0, "'%.*s' is not valid with vector '%.*s': only .add", QTEXT(k, op),
		    QTEXT(k, ty));
	if (vec->value == 8 && (ty->value == PTX_TY_F32 || is_packed_half(ty->value)))
		add(k, vec, 0, "'%.*s' is not valid with '%.*s': .v8 takes .f16 or .bf16 only",
		    QTEXT(k, vec), QTEXT(k, ty));
}

/* ---- targets ---- */

static void need(struct sink *k, const struct ptx_qual *q, enum cal_op op, enum cal_vtype ty,
		 unsigned quals)
{
	const struct cal_fact *f = cal_facts_find(CAL_API_PTX, op, ty, quals);
	struct ptx_problem *p;

	if (!f || !q)
		return;
	p = add(k, q, f->min_sm, "'%.*s' in %s needs sm_%u (%s)", QTEXT(k, q), opcode(k),
		f->min_sm, f->what);
	if (p)
		p->fact = f;
}

static enum cal_vtype fact_type(int ty)
{
	switch (ty) {
	case PTX_TY_B16: return CAL_T_B16;
	case PTX_TY_B32: case PTX_TY_U32: case PTX_TY_S32: return CAL_T_I32;
	case PTX_TY_B64: case PTX_TY_U64: case PTX_TY_S64: return CAL_T_I64;
	case PTX_TY_B128: return CAL_T_B128;
	case PTX_TY_F16: return CAL_T_F16;
	case PTX_TY_F16X2: return CAL_T_F16X2;
	case PTX_TY_BF16: return CAL_T_BF16;
	case PTX_TY_BF16X2: return CAL_T_BF16X2;
	case PTX_TY_F32: return CAL_T_F32;
	case PTX_TY_F64: return CAL_T_F64;
	default: return CAL_T_ANY;
	}
}

/* Spec table D's note: before sm_70, .shared atomics race with plain stores. */
static void shared_vs_stores(struct sink *k, const struct ptx_qual *space)
{
	const struct cal_fact *f = cal_facts_find(CAL_API_PTX, CAL_OP_ANY, CAL_T_ANY,
						  CAL_Q_SHARED_VS_STORES);
	struct ptx_problem *p;

	if (!f)
		return;
	p = add(k, space, f->min_sm, "'%.*s' %s is not atomic with respect to plain stores to "
		"the same address before sm_%u (separate them with a barrier, or store with "
		"atom.exch)", QTEXT(k, space), opcode(k), f->min_sm);
	if (p) {
		p->fact = f;
		p->advisory = 1;
	}
}

static void check_targets(struct sink *k, int types_ok)
{
	const struct ptx_qual *scope = qual_of(k, PTX_QK_SCOPE), *space = qual_of(k, PTX_QK_SPACE);
	const struct ptx_qual *async = qual_of(k, PTX_QK_ASYNC);

	need(k, qual_of(k, PTX_QK_SEM), CAL_OP_ANY, CAL_T_ANY, CAL_Q_SEM);
	if (scope)
		need(k, scope, CAL_OP_ANY, CAL_T_ANY, scope->value == CAL_SCOPE_CLUSTER
			? CAL_Q_SCOPE_CLUSTER : CAL_Q_SCOPE);
	if (space && space->value == PTX_SPACE_SHARED_CLUSTER)
		need(k, space, CAL_OP_ANY, CAL_T_ANY, CAL_Q_SCOPE_CLUSTER);
	if (space && space->value == PTX_SPACE_SHARED_CTA)
		need(k, space, CAL_OP_ANY, CAL_T_ANY, CAL_Q_SHARED_CTA);
	need(k, qual_of(k, PTX_QK_CACHE_HINT), CAL_OP_ANY, CAL_T_ANY, CAL_Q_CACHE_HINT);
	need(k, qual_of(k, PTX_QK_VEC), CAL_OP_ANY, CAL_T_ANY, CAL_Q_VECTOR);
	if (async)
		need(k, async, CAL_OP_ANY, CAL_T_ANY, space && space->value == PTX_SPACE_GLOBAL
			? CAL_Q_ASYNC : CAL_Q_ASYNC | CAL_Q_SCOPE_CLUSTER);
	if (types_ok)
		need(k, qual_of(k, PTX_QK_TYPE), (enum cal_op)value_of(k, PTX_QK_OP),
		     fact_type(value_of(k, PTX_QK_TYPE)), 0);
	if (space && (space->value == PTX_SPACE_SHARED || space->value == PTX_SPACE_SHARED_CTA))
		shared_vs_stores(k, space);
}

int ptx_problems(const struct ptx_insn *insn, const char *text,
		 struct ptx_problem *out, int max)
{
	struct sink k = { insn, text, out, max, 0 };
	int types_ok;

	check_qualifier_kinds(&k);
	check_red(&k);
	check_space(&k);
	types_ok = check_scalar_types(&k);
	check_noftz(&k);
	check_vector(&k);
	check_targets(&k, types_ok);
	return k.n;
}

int ptx_validate(const struct ptx_insn *insn, const char *text, unsigned sm,
		 struct ptx_problem *out, int max)
{
	int i, n = ptx_problems(insn, text, out, max), kept = 0;

	for (i = 0; i < n; i++)
		if (!out[i].min_sm || sm < out[i].min_sm)
			out[kept++] = out[i];
	return kept;
}
