/*
 * The PTX atom/red parser and validator (src/ptx/).
 *   test_ptx SRCDIR
 * SRCDIR/test/unit/data/ptx-isa-atom-examples.ptx holds the Examples block
 * of the PTX ISA's atom section verbatim: every instruction in it must
 * parse and be valid for sm_90.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuatomlint/strbuf.h"
#include "ptx/ptx_atom.h"
#include "test.h"

#define NR_EXAMPLES 24	/* atom instructions in the examples file */

/* The problems of the one atom/red instruction of ptx on target sm (0: all). */
static int problems(const char *ptx, unsigned sm, struct ptx_problem *out)
{
	struct ptx_insns list = { 0 };
	int n = -1;

	ptx_parse(ptx, strlen(ptx), &list);
	if (list.nr == 1)
		n = sm ? ptx_validate(&list.items[0], ptx, sm, out, PTX_MAX_PROBLEMS)
		       : ptx_problems(&list.items[0], ptx, out, PTX_MAX_PROBLEMS);
	else
		fprintf(stderr, "'%s': %zu atom/red instructions, expected 1\n", ptx, list.nr);
	ptx_insns_release(&list);
	return n;
}

static int nr_problems(const char *ptx, unsigned sm)
{
	struct ptx_problem out[PTX_MAX_PROBLEMS];
	int n = problems(ptx, sm, out), i;

	for (i = 0; i < n; i++)
		fprintf(stderr, "  '%s' on sm_%u: %s\n", ptx, sm, out[i].message);
	return n;
}

/*
 * ptx on target sm has a problem at the text qual (the first occurrence)
 * with the given min_sm, and its message contains word.
 */
static int has_problem(const char *ptx, unsigned sm, const char *qual, unsigned min_sm,
		       const char *word)
{
	struct ptx_problem out[PTX_MAX_PROBLEMS];
	const char *at = strstr(ptx, qual);
	int n = problems(ptx, sm, out), i;

	for (i = 0; i < n && at; i++) {
		if (out[i].pos == (unsigned)(at - ptx) && out[i].len == strlen(qual) &&
		    out[i].min_sm == min_sm && strstr(out[i].message, word))
			return 1;
	}
	fprintf(stderr, "no problem at '%s' (min_sm %u, '%s') in '%s' for sm_%u; got:\n",
		qual, min_sm, word, ptx, sm);
	for (i = 0; i < n; i++)
		fprintf(stderr, "  @%u+%u min_sm %u: %s\n", out[i].pos, out[i].len,
			out[i].min_sm, out[i].message);
	return 0;
}

static void test_reference_examples(const char *srcdir)
{
	char *path = xasprintf("%s/test/unit/data/ptx-isa-atom-examples.ptx", srcdir);
	struct strbuf text = STRBUF_INIT;
	struct ptx_insns list = { 0 };
	struct ptx_problem out[PTX_MAX_PROBLEMS];
	size_t i;

	EXPECT(read_file(path, &text) == 0);
	ptx_parse(text.buf, text.len, &list);
	EXPECT(list.nr == NR_EXAMPLES);
	EXPECT(list.nr_statements == NR_EXAMPLES + 1);	/* + createpolicy */
	for (i = 0; i < list.nr; i++) {
		const struct ptx_insn *in = &list.items[i];
		int n = ptx_validate(in, text.buf, 90, out, PTX_MAX_PROBLEMS), j;
		EXPECT(n == 0);
		EXPECT(!in->is_red);
		EXPECT(!memcmp(text.buf + in->pos, "atom", 4));
		for (j = 0; j < n; j++)
			fprintf(stderr, "example '%.*s': %s\n", (int)in->len, text.buf + in->pos,
				out[j].message);
	}
	/* the predicated one, and the v8 one whose operands span two lines */
	EXPECT(list.nr > 2 && list.items[2].predicated && !list.items[0].predicated);
	EXPECT(list.nr > 16 && list.items[16].nr_operands == 3 &&
	       list.items[16].operands[0].vec_elems == 8 &&
	       list.items[16].operands[2].vec_elems == 8);
	ptx_insns_release(&list);
	strbuf_release(&text);
	free(path);
}

static void test_valid_forms(void)
{
	EXPECT(nr_problems("atom.add.u32 %0, [%1], %2;", 52) == 0);
	EXPECT(nr_problems("atom.global.cas.b64 %0, [%1], %2, %3;", 52) == 0);
	EXPECT(nr_problems("atom.global.add.f32 %0, [%1], %2;", 52) == 0);
	EXPECT(nr_problems("atom.global.add.u64 %0, [%1], %2;", 52) == 0);
	/* the ISA lists .s64 among atom's types, but ptxas 13 rejects add.s64 */
	EXPECT(has_problem("atom.global.add.s64 %0, [%1], %2;", 90, ".s64", 0, "ptxas rejects"));
	EXPECT(has_problem("red.global.add.s64 [%0], %1;", 90, ".s64", 0, "ptxas rejects"));
	/* the cache-policy operand exists only in the two-operand forms */
	EXPECT(has_problem("atom.global.cas.L2::cache_hint.b32 %0, [%1], %2, %3, %4;", 90,
			   ".L2::cache_hint", 0, "three-operand"));
	EXPECT(nr_problems("atom.global.exch.L2::cache_hint.b128 %0, [%1], %2, %3;", 90) == 0);
	EXPECT(nr_problems("red.global.add.u32 [%0], %1;", 52) == 0);
	EXPECT(nr_problems("red.release.gpu.global.add.u32 [%0], %1;", 70) == 0);
	EXPECT(nr_problems("red.relaxed.sys.global.add.noftz.f16x2 [%0], %1;", 70) == 0);
	EXPECT(nr_problems("red.global.v4.f32.add [%0], {%1, %2, %3, %4};", 90) == 0);
	EXPECT(nr_problems("atom.acq_rel.cta.shared.exch.b32 %0, [%1], %2;", 70) == 0);
	EXPECT(nr_problems("atom.global.max.s32 %0, [%1], %2;", 52) == 0);
	EXPECT(nr_problems("atom.global.and.b64 %0, [%1], %2;", 52) == 0);
	EXPECT(nr_problems("atom.sys.global.add.f64 %0, [%1], %2;", 60) == 0);
	EXPECT(nr_problems("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes"
			   ".add.u32 [%0], %1, [%2];", 90) == 0);
	/* qualifiers in any order */
	EXPECT(nr_problems("atom.u32.add.global.gpu.relaxed %0, [%1], %2;", 70) == 0);
}

/* Invalid combinations of table D: wrong on every target. */
static void test_invalid_combinations(void)
{
	/* ptxas rejects a qualifier atom does not have: a misspelling, most often */
	EXPECT(has_problem("atom.global.add.u32.foo %0, [%1], %2;", 90, ".foo", 0,
			   "'.foo' is not a qualifier of atom"));
	EXPECT(has_problem("atom.realxed.gpu.global.add.u32 %0, [%1], %2;", 90, ".realxed", 0,
			   "not a qualifier"));
	EXPECT(has_problem("red.global.add.u32.ftz [%0], %1;", 90, ".ftz", 0,
			   "'.ftz' is not a qualifier of red"));
	EXPECT(has_problem("atom.global.add.b128 %0, [%1], %2;", 90, ".b128", 0, ".cas or .exch"));
	EXPECT(has_problem("atom.global.exch.b16 %0, [%1], %2;", 90, ".b16", 0, "only valid with .cas"));
	EXPECT(has_problem("atom.global.add.f16 %0, [%1], %2;", 90, ".f16", 0, "requires '.noftz'"));
	EXPECT(has_problem("atom.global.add.bf16x2 %0, [%1], %2;", 90, ".bf16x2", 0, ".noftz"));
	EXPECT(has_problem("atom.global.add.noftz.f32 %0, [%1], %2;", 90, ".noftz", 0, "applies only"));
	EXPECT(has_problem("atom.global.inc.s32 %0, [%1], %2;", 90, ".s32", 0, ".u32 only"));
	EXPECT(has_problem("atom.global.dec.u64 %0, [%1], %2;", 90, ".u64", 0, ".u32 only"));
	EXPECT(has_problem("atom.global.and.u32 %0, [%1], %2;", 90, ".u32", 0, ".b32 or .b64"));
	EXPECT(has_problem("atom.global.xor.s64 %0, [%1], %2;", 90, ".s64", 0, ".b32 or .b64"));
	EXPECT(has_problem("atom.global.exch.u32 %0, [%1], %2;", 90, ".u32", 0, ".exch takes"));
	EXPECT(has_problem("atom.global.add.b32 %0, [%1], %2;", 90, ".b32", 0, ".add takes"));
	EXPECT(has_problem("atom.global.min.f32 %0, [%1], %2;", 90, ".f32", 0, ".min and .max"));
	EXPECT(has_problem("atom.global.max.noftz.f16 %0, [%1], %2;", 90, ".f16", 0, "vector forms"));
	EXPECT(has_problem("atom.global.add.u16 %0, [%1], %2;", 90, ".u16", 0, "not a type"));
	/* vector forms */
	EXPECT(has_problem("atom.shared.v2.f32.add {%0,%1}, [%2], {%3,%4};", 90, ".shared", 0,
			   ".global memory only"));
	EXPECT(has_problem("atom.global.v2.f32.min {%0,%1}, [%2], {%3,%4};", 90, ".min", 0, "only .add"));
	EXPECT(has_problem("atom.global.v8.f32.add {%0,%1,%2,%3,%4,%5,%6,%7}, [%8], "
			   "{%0,%1,%2,%3,%4,%5,%6,%7};", 90, ".v8", 0, ".f16 or .bf16 only"));
	EXPECT(has_problem("atom.global.v8.f16x2.add.noftz {%0,%1,%2,%3,%4,%5,%6,%7}, [%8], "
			   "{%0,%1,%2,%3,%4,%5,%6,%7};", 90, ".v8", 0, ".f16 or .bf16 only"));
	EXPECT(has_problem("atom.global.v2.u32.add {%0,%1}, [%2], {%3,%4};", 90, ".v2", 0,
			   "vector forms take"));
	EXPECT(has_problem("atom.global.v2.f16.exch.noftz {%0,%1}, [%2], {%3,%4};", 90, ".exch", 0,
			   "vector forms support"));
	EXPECT(has_problem("atom.global.v4.f32.add {%0,%1}, [%2], {%3,%4};", 90, ".v4", 0,
			   "4-element"));
	EXPECT(has_problem("atom.global.v2.f16.add {%0,%1}, [%2], {%3,%4};", 90, ".f16", 0,
			   "requires '.noftz'"));
	/* cache hint on shared memory */
	EXPECT(has_problem("atom.shared.add.L2::cache_hint.u32 %0, [%1], %2, %3;", 90,
			   ".L2::cache_hint", 0, ".global memory"));
	/* red */
	EXPECT(has_problem("red.acquire.gpu.global.add.u32 [%0], %1;", 90, ".acquire", 0,
			   "only .relaxed or .release"));
	EXPECT(has_problem("red.acq_rel.global.add.u32 [%0], %1;", 90, ".acq_rel", 0, "red"));
	EXPECT(has_problem("red.global.cas.b32 [%0], %1, %2;", 90, ".cas", 0, "not a reduction"));
	/* duplicates, missing parts, ld/st qualifiers, spaces */
	EXPECT(has_problem("atom.global.cta.gpu.add.u32 %0, [%1], %2;", 90, ".gpu", 0, "repeats"));
	EXPECT(has_problem("atom.global.add.u32.u64 %0, [%1], %2;", 90, ".u64", 0, "repeats"));
	EXPECT(has_problem("atom.global.u32 %0, [%1], %2;", 90, "atom", 0, "no operation"));
	EXPECT(has_problem("atom.global.add %0, [%1], %2;", 90, "atom", 0, "no type"));
	EXPECT(has_problem("atom.mmio.relaxed.sys.global.add.u32 %0, [%1], %2;", 90, ".mmio", 0,
			   "ld/st only"));
	EXPECT(has_problem("atom.local.add.u32 %0, [%1], %2;", 90, ".local", 0, ".global and .shared"));
}

/* Qualifiers a target lacks: min_sm from the facts table. */
static void test_targets(void)
{
	EXPECT(has_problem("atom.acquire.gpu.global.add.u32 %0, [%1], %2;", 60, ".acquire", 70, "sm_70"));
	EXPECT(has_problem("atom.gpu.global.add.u32 %0, [%1], %2;", 52, ".gpu", 60, ".scope"));
	EXPECT(has_problem("atom.cluster.global.add.u32 %0, [%1], %2;", 80, ".cluster", 90, "sm_90"));
	EXPECT(has_problem("atom.shared::cluster.add.u32 %0, [%1], %2;", 80, ".shared::cluster", 90,
			   "sm_90"));
	EXPECT(has_problem("atom.global.add.L2::cache_hint.u32 %0, [%1], %2, %3;", 75,
			   ".L2::cache_hint", 80, "sm_80"));
	EXPECT(has_problem("atom.global.v2.f32.add {%0,%1}, [%2], {%3,%4};", 80, ".v2", 90, "vector"));
	EXPECT(has_problem("atom.global.cas.b128 %0, [%1], %2, %3;", 80, ".b128", 90, "sm_90"));
	EXPECT(has_problem("atom.global.cas.b16 %0, [%1], %2, %3;", 60, ".b16", 70, "sm_70"));
	EXPECT(has_problem("atom.global.add.noftz.bf16 %0, [%1], %2;", 80, ".bf16", 90, "sm_90"));
	EXPECT(has_problem("atom.global.add.noftz.f16 %0, [%1], %2;", 61, ".f16", 70, "sm_70"));
	EXPECT(has_problem("atom.global.add.noftz.f16x2 %0, [%1], %2;", 52, ".f16x2", 60, "sm_60"));
	EXPECT(has_problem("atom.global.add.f64 %0, [%1], %2;", 52, ".f64", 60, "sm_60"));
	EXPECT(has_problem("red.async.relaxed.gpu.global.add.u32 [%0], %1;", 90, ".async", 100,
			   "sm_100"));
	EXPECT(has_problem("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes"
			   ".inc.u32 [%0], %1, [%2];", 80, ".async", 90, "sm_90"));
	/* a note, not an error: shared atomics vs plain stores before sm_70 */
	EXPECT(has_problem("atom.shared.add.u32 %0, [%1], %2;", 61, ".shared", 70, "plain stores"));
	EXPECT(has_problem("red.shared::cta.add.u32 [%0], %1;", 61, ".shared::cta", 70, "plain stores"));
	EXPECT(nr_problems("atom.shared.add.u32 %0, [%1], %2;", 70) == 0);
	/* the same instructions are fine on newer targets */
	EXPECT(nr_problems("atom.global.add.noftz.bf16 %0, [%1], %2;", 90) == 0);
	EXPECT(nr_problems("atom.acquire.gpu.global.add.u32 %0, [%1], %2;", 70) == 0);
	EXPECT(nr_problems("atom.global.add.f64 %0, [%1], %2;", 60) == 0);
	/* 64-bit bit ops need sm_32: below every target anyone builds */
	EXPECT(nr_problems("atom.global.and.b64 %0, [%1], %2;", 35) == 0);
}

static void test_noftz_fix(void)
{
	const char *ptx = "atom.global.add.f16 %0, [%1], %2;";
	struct ptx_problem out[PTX_MAX_PROBLEMS];
	int n = problems(ptx, 90, out);

	EXPECT(n == 1);
	EXPECT(n >= 1 && out[0].fix == PTX_FIX_INSERT_NOFTZ &&
	       out[0].fix_pos == (unsigned)(strstr(ptx, ".add") + 4 - ptx));
	n = problems("atom.global.v2.f16.max {%0,%1}, [%2], {%3,%4};", 90, out);
	EXPECT(n == 1 && out[0].fix == PTX_FIX_NONE);	/* fix-it only for add */
}

static size_t count_insns(const char *ptx, unsigned *nr_statements)
{
	struct ptx_insns list = { 0 };
	size_t n;

	ptx_parse(ptx, strlen(ptx), &list);
	n = list.nr;
	if (nr_statements)
		*nr_statements = list.nr_statements;
	ptx_insns_release(&list);
	return n;
}

static void test_statements(void)
{
	unsigned stmts = 0;
	struct ptx_insns list = { 0 };
	const char *multi =
		"{\n\t.reg .pred p;\n"
		"\tsetp.eq.u32 p, %1, 0; // atom.add.u32 in a comment\n"
		"\t@!p atom.global.acquire.gpu.add.u32 %0, [%2], 1;\n"
		"/* red.global.add.u32 [%2], 1; */\n"
		"LOOP: @p red.global.add.u32 [%2], 1\n"
		"\tatom.shared.exch.b32 %0, [%3], %1\n"
		"}";

	EXPECT(count_insns("barrier.red.popc.u32 %0, 0, %1;", NULL) == 0);
	EXPECT(count_insns("multimem.red.relaxed.gpu.global.add.u32 [%0], %1;", NULL) == 0);
	EXPECT(count_insns("redux.sync.add.u32 %0, %1, 0xffffffff;", NULL) == 0);
	EXPECT(count_insns("tcgen05.red.add.u32 [%0], %1;", NULL) == 0);
	EXPECT(count_insns("cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%0], [%1], 4;",
			   NULL) == 0);
	EXPECT(count_insns("ld.global.u32 %0, [%1]; st.global.u32 [%1], %0;", &stmts) == 0 &&
	       stmts == 2);
	EXPECT(count_insns("", &stmts) == 0 && stmts == 0);

	ptx_parse(multi, strlen(multi), &list);
	EXPECT(list.nr == 3);
	EXPECT(list.nr_statements == 4);	/* .reg is a directive, not counted */
	if (list.nr == 3) {
		EXPECT(list.items[0].predicated && !list.items[0].is_red);
		EXPECT(list.items[0].pos == (unsigned)(strstr(multi, "atom.global") - multi));
		EXPECT(list.items[0].nr_operands == 3);
		EXPECT(list.items[1].is_red && list.items[1].predicated);
		EXPECT(list.items[1].nr_operands == 2);
		EXPECT(list.items[2].nr_operands == 3 && !list.items[2].predicated);
		EXPECT(list.items[0].first[PTX_QK_SEM] == 1);
		EXPECT(list.items[0].quals[1].pos == (unsigned)(strstr(multi, ".acquire") - multi));
		EXPECT(list.items[0].quals[1].len == 8);
	}
	ptx_insns_release(&list);
	/* labels, %-operands in predicates, two statements on one line */
	EXPECT(count_insns("$L1: @%p1 atom.add.u32 %0,[%1],1; red.add.u32 [%1],1;", &stmts) == 2 &&
	       stmts == 2);
}

static int has(const char *ptx, const char *opcode, const char *qual)
{
	return ptx_has_statement(ptx, strlen(ptx), opcode, qual);
}

/* The statement search (volatile-sync's ld.volatile and .mmio). */
static void test_statement_search(void)
{
	EXPECT(has("ld.volatile.global.u32 %0, [%1];", "ld", ".volatile"));
	EXPECT(has("@p ld.global.volatile.u32 %0, [%1];", "ld", ".volatile"));	/* any order */
	EXPECT(has("mov.u32 %0, 0;\nL: ld.volatile.u32 %0, [%1]", "ld", ".volatile"));
	EXPECT(!has("ld.acquire.gpu.u32 %0, [%1]; // was ld.volatile", "ld", ".volatile"));
	EXPECT(!has("/* ld.volatile.u32 %0, [%1]; */", "ld", ".volatile"));
	EXPECT(!has("st.volatile.u32 [%1], %0;", "ld", ".volatile"));
	EXPECT(!has("ldu.volatile.u32 %0, [%1];", "ld", ".volatile"));
	EXPECT(!has("ld.volatile_x.u32 %0, [%1];", "ld", ".volatile"));
	EXPECT(has("st.relaxed.mmio.sys.u32 [%1], %0;", NULL, ".mmio"));
	EXPECT(has("ld.relaxed.mmio.sys.u32 %0, [%1];", NULL, ".mmio"));
	EXPECT(!has("ld.relaxed.sys.u32 %0, [%1]; // .mmio", NULL, ".mmio"));
	EXPECT(!has("", NULL, ".mmio"));
}

/* C string literal tokens -> PTX text with source offsets. */
static void test_literals(void)
{
	struct ptx_text t;
	const char *a = "\"atom.global.add.f16 %0, [%1], %2;\\n\\t\"";
	const char *b = "u8\"red\\056add\\x2eu32 [%0], 1;\"";
	const char *raw = "R\"x(atom.add.u32 %0,\n[%1], 1;)x\"";

	ptx_text_init(&t);
	EXPECT(ptx_text_add_literal(&t, a, strlen(a), 100) == 0);
	EXPECT(!strcmp(t.buf, "atom.global.add.f16 %0, [%1], %2;\n\t"));
	EXPECT(t.origin[0] == 101);			/* after the quote */
	EXPECT(t.origin[12] == 113);			/* 'a' of "add" */
	EXPECT(t.len == 35 && t.origin[33] == 134 && t.origin[34] == 136);	/* \n, \t */
	EXPECT(ptx_text_add_literal(&t, b, strlen(b), 200) == 0);
	EXPECT(!strcmp(t.buf + 35, "red.add.u32 [%0], 1;"));
	EXPECT(t.origin[35] == 203 && t.origin[38] == 206 && t.origin[39] == 210);
	EXPECT(t.origin[42] == 213 && t.origin[43] == 217);	/* \x2e, then 'u' */
	EXPECT(ptx_text_add_literal(&t, "foo", 3, 0) == -1);
	EXPECT(ptx_text_add_literal(&t, "\"", 1, 0) == -1);
	ptx_text_release(&t);

	ptx_text_init(&t);
	EXPECT(ptx_text_add_literal(&t, raw, strlen(raw), 10) == 0);
	EXPECT(!strcmp(t.buf, "atom.add.u32 %0,\n[%1], 1;"));
	EXPECT(t.origin[0] == 14);
	EXPECT(ptx_text_add_literal(&t, "R\"(", 3, 0) == -1);
	ptx_text_release(&t);

	/* a line splice inside the literal, with \r\n line ends */
	ptx_text_init(&t);
	EXPECT(ptx_text_add_literal(&t, "\"atom.add\\\r\n.u32\"", 17, 0) == 0);
	EXPECT(!strcmp(t.buf, "atom.add.u32"));
	EXPECT(t.len == 12 && t.origin[8] == 12);
	ptx_text_release(&t);
}

/* Template text of an asm statement in C source, or NULL if unknown. */
static int from_asm(const char *src, const char *want, unsigned first_origin)
{
	struct ptx_text t;
	int ok;

	ptx_text_init(&t);
	ok = ptx_text_from_asm(&t, src, strlen(src), 0) == 0;
	if (ok && want)
		ok = !strcmp(t.buf, want) && t.origin[0] == first_origin;
	else if (!want)
		ok = !ok;
	if (!ok)
		fprintf(stderr, "from_asm('%s') gave '%s'\n", src, t.buf ? t.buf : "(none)");
	ptx_text_release(&t);
	return ok;
}

static void test_asm_statements(void)
{
	EXPECT(from_asm("asm(\"red.add.u32 [%0], 1;\" :: \"l\"(p));", "red.add.u32 [%0], 1;", 5));
	EXPECT(from_asm("__asm__ __volatile__ ( \"a\" /* c */ \"b\" // c\n \"c\" : );", "abc", 24));
	EXPECT(from_asm("asm volatile goto(\"x\"\n\t\"y\\n\"\n::: l1);", "xy\n", 19));
	EXPECT(from_asm("asm(\\\n\"a\" \\\n \"b\")", "ab", 7));	/* in a #define */
	EXPECT(from_asm("asm(R\"(a\"b)\" u8\"c\")", "a\"bc", 7));
	EXPECT(from_asm("asm(\"atom.add.\" TYPE \" %0;\" : );", NULL, 0));	/* macro inside */
	EXPECT(from_asm("asm(PTX : );", NULL, 0));
	EXPECT(from_asm("asm();", NULL, 0));
	EXPECT(from_asm("asmx(\"a\");", NULL, 0));
	EXPECT(from_asm("asm(\"unterminated", NULL, 0));
	EXPECT(from_asm("asm(\"a\"", NULL, 0));
	EXPECT(from_asm("", NULL, 0));
}

/* The asm operand the address of src's one atom/red names. */
static int address_of(const char *src)
{
	struct ptx_asm_operands ops;
	struct ptx_insns list = { 0 };
	struct ptx_text t;
	int a = -2;

	ptx_text_init(&t);
	if (ptx_text_from_asm(&t, src, strlen(src), 0) == 0 &&
	    ptx_asm_operands(src, strlen(src), 0, &ops) == 0) {
		ptx_parse(t.buf, t.len, &list);
		if (list.nr == 1)
			a = ptx_address_operand(&list.items[0], t.buf, &ops);
	}
	ptx_insns_release(&list);
	ptx_text_release(&t);
	return a;
}

static void test_asm_operands(void)
{
	EXPECT(address_of("asm(\"atom.add.u32 %0, [%1], %2;\" : \"=r\"(o) : \"l\"(p), \"r\"(v));") == 1);
	EXPECT(address_of("asm(\"red.add.u32 [%0+8], 1;\" :: \"l\"(p));") == 0);
	EXPECT(address_of("asm(\"atom.cta.global.add.u32 %0, [%[p]], 1;\" : \"=r\"(o) : [p] \"l\"(q));") == 1);
	EXPECT(address_of("asm volatile(\"red.add.u32 [ %[a] ], %[v];\" :: [v] \"r\"(f(1, \")\")), "
			  "[a] \"l\"(p) : \"memory\");") == 1);
	EXPECT(address_of("asm(\"red.add.u32 [%[zz]], 1;\" :: [a] \"l\"(p));") == -1);
	EXPECT(address_of("asm(\"red.add.u32 [%99999999999], 1;\" :: \"l\"(p));") == -1);
	EXPECT(address_of("asm(\"atom.exch.b32 %0, %1, 1;\" : \"=r\"(o) : \"l\"(p));") == -1);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: test_ptx SRCDIR\n");
		return 2;
	}
	test_reference_examples(argv[1]);
	test_valid_forms();
	test_invalid_combinations();
	test_targets();
	test_noftz_fix();
	test_statements();
	test_statement_search();
	test_literals();
	test_asm_statements();
	test_asm_operands();
	return test_summary("ptx");
}
