/*
 * libFuzzer target for the PTX atom/red reader (src/ptx/).
 *
 * The input is used three times: as PTX text directly, as the spelling of
 * a C string literal token, and as C source holding an asm statement (from
 * the first "asm" on); the text read from the last two is parsed too.  Beyond "no
 * crash, no sanitizer report", it checks the invariants the check relies
 * on: every position (instruction, qualifier, operand, problem, fix) lies
 * inside the text, and every byte of unescaped text maps back into the
 * token.  Built and run by scripts/fuzz.sh.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/ptx_atom.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define REQUIRE(cond) do { if (!(cond)) abort(); } while (0)

static void check_span(unsigned pos, unsigned len, size_t text_len)
{
	REQUIRE(pos <= text_len && len <= text_len - pos);
}

static void check_insn(const struct ptx_insn *in, const char *text, size_t len)
{
	struct ptx_problem out[PTX_MAX_PROBLEMS];
	unsigned sm;
	int i, n;

	check_span(in->pos, in->len, len);
	REQUIRE(in->mnemonic_len <= in->len);
	REQUIRE(in->nr_quals >= 0 && in->nr_quals <= PTX_MAX_QUALS);
	REQUIRE(in->nr_operands >= 0 && in->nr_operands <= PTX_MAX_OPERANDS);
	for (i = 0; i < in->nr_quals; i++)
		check_span(in->quals[i].pos, in->quals[i].len, len);
	for (i = 0; i < in->nr_operands; i++)
		check_span(in->operands[i].pos, in->operands[i].len, len);
	n = ptx_problems(in, text, out, PTX_MAX_PROBLEMS);
	REQUIRE(n >= 0 && n <= PTX_MAX_PROBLEMS);
	for (i = 0; i < n; i++) {
		check_span(out[i].pos, out[i].len, len);
		REQUIRE(memchr(out[i].message, '\0', sizeof(out[i].message)) != NULL);
		if (out[i].fix == PTX_FIX_INSERT_NOFTZ)
			REQUIRE(out[i].fix_pos > 0 && out[i].fix_pos <= len);
	}
	for (sm = 50; sm <= 100; sm += 10)
		REQUIRE(ptx_validate(in, text, sm, out, PTX_MAX_PROBLEMS) <= n);
}

static void parse_and_check(const char *text, size_t len)
{
	struct ptx_insns list = { 0 };
	size_t i;

	ptx_parse(text, len, &list);
	REQUIRE(list.nr <= list.nr_statements && list.nr <= PTX_MAX_INSNS);
	for (i = 0; i < list.nr; i++)
		check_insn(&list.items[i], text, len);
	ptx_insns_release(&list);
	/* the statement search volatile-sync makes: an answer, never a crash */
	REQUIRE(ptx_has_statement(text, len, "ld", ".volatile") <= 1);
	REQUIRE(ptx_has_statement(text, len, NULL, ".mmio") <= 1);
}

static void check_text(const struct ptx_text *t, size_t lo, size_t hi)
{
	size_t i;

	for (i = 0; i < t->len; i++)
		REQUIRE(t->origin[i] >= lo && t->origin[i] < hi);
	parse_and_check(t->buf ? t->buf : "", t->len);
}

/* The asm operands, and every address operand of the template's atom/red. */
static void check_operands(const struct ptx_text *t, const char *src, size_t size, size_t off)
{
	struct ptx_asm_operands ops;
	struct ptx_insns list = { 0 };
	size_t i;
	int a;

	if (ptx_asm_operands(src, size, off, &ops) < 0)
		return;
	REQUIRE(ops.nr >= 0 && ops.nr <= PTX_MAX_ASM_OPERANDS);
	for (a = 0; a < ops.nr; a++)
		REQUIRE(memchr(ops.items[a].name, '\0', sizeof(ops.items[a].name)) != NULL);
	ptx_parse(t->buf ? t->buf : "", t->len, &list);
	for (i = 0; i < list.nr; i++) {
		a = ptx_address_operand(&list.items[i], t->buf, &ops);
		REQUIRE(a >= -1 && a < PTX_MAX_ASM_OPERANDS);
	}
	ptx_insns_release(&list);
}

/* The input as C source: the template of its first asm statement. */
static void fuzz_asm_statement(const char *src, size_t size)
{
	struct ptx_text t;
	size_t off;

	for (off = 0; off + 3 <= size && memcmp(src + off, "asm", 3); off++)
		;
	ptx_text_init(&t);
	if (ptx_text_from_asm(&t, src, size, off) == 0) {
		check_text(&t, off, size);
		check_operands(&t, src, size, off);
	}
	ptx_text_release(&t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy = malloc(size + 1);
	struct ptx_text t;

	if (!copy)
		return 0;
	memcpy(copy, data, size);
	copy[size] = '\0';
	parse_and_check(copy, size);

	ptx_text_init(&t);
	if (ptx_text_add_literal(&t, copy, size, 7) == 0)
		check_text(&t, 7, 7 + size);
	ptx_text_release(&t);
	fuzz_asm_statement(copy, size);
	free(copy);
	return 0;
}
