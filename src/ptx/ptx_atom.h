/*
 * PTX atom / red: read the template of an inline asm statement and judge
 * its atom and red instructions against the facts table (spec table D).
 *
 * Three steps, each usable alone (the unit tests and the fuzzer do):
 *
 *  1. ptx_text_add_literal() turns the spelling of each C string literal of
 *     the template into PTX text, undoing escapes and concatenating
 *     literals, and remembers for every byte of the text the source offset
 *     it came from, so a finding can point at the qualifier the user wrote.
 *  2. ptx_parse() splits the text into statements and keeps the atom and red
 *     instructions (not barrier.red, multimem.red, redux.sync ...), with
 *     every qualifier and its position, in any order.
 *  3. ptx_problems() lists what is wrong with one instruction: invalid
 *     combinations (min_sm 0) and qualifiers that need a newer target
 *     (min_sm from the facts table).  ptx_validate() keeps those that hold
 *     for one target.
 *
 * Nothing here knows libclang; positions are byte offsets into the PTX
 * text.  All buffers have hard caps (PTX_TEXT_MAX, PTX_MAX_INSNS, ...):
 * input past them is ignored, never an overflow.
 */
#ifndef CUATOMLINT_PTX_ATOM_H
#define CUATOMLINT_PTX_ATOM_H

#include <stddef.h>

#include "cuatomlint/facts.h"

#define PTX_TEXT_MAX (1u << 20)
#define PTX_MAX_INSNS 4096
#define PTX_MAX_QUALS 16
#define PTX_MAX_OPERANDS 8
#define PTX_MAX_PROBLEMS 16

/* PTX text with the source offset of every byte. */
struct ptx_text {
	char *buf;		/* NUL-terminated */
	unsigned *origin;	/* origin[i]: source offset buf[i] was spelled at */
	size_t len, alloc;
};

void ptx_text_init(struct ptx_text *t);
void ptx_text_release(struct ptx_text *t);
/*
 * Append one C string literal token, spelled as tok[0..len) starting at
 * source offset offset (prefixes u8/u/U/L and raw strings accepted).
 * Returns 0, or -1 if tok is not a string literal (nothing appended).
 */
int ptx_text_add_literal(struct ptx_text *t, const char *tok, size_t len, unsigned offset);
/*
 * Append the template of the asm statement whose "asm" keyword is at
 * src[off] (src: a whole source file of size bytes): qualifiers, '(', then
 * the string literals up to the first ':' or ')', with comments and line
 * splices between them.  Offsets recorded are offsets into src.  Returns
 * 0, or -1 if the template is not plain literals (an identifier, such as a
 * macro, among them) or src[off] is not an asm statement.
 */
int ptx_text_from_asm(struct ptx_text *t, const char *src, size_t size, size_t off);

/* The operands of an asm statement: outputs, then inputs (libclang's child order). */
#define PTX_MAX_ASM_OPERANDS 64
struct ptx_asm_operand {
	char name[32];		/* the symbolic name of [name] "r"(x), or "" */
};
struct ptx_asm_operands {
	struct ptx_asm_operand items[PTX_MAX_ASM_OPERANDS];
	int nr;
};
/*
 * The output and input operands of the asm statement at src[off] (as for
 * ptx_text_from_asm).  Returns 0, or -1 if the statement cannot be read.
 */
int ptx_asm_operands(const char *src, size_t size, size_t off, struct ptx_asm_operands *out);

enum ptx_qkind {
	PTX_QK_UNKNOWN,		/* not a qualifier of atom/red: ptxas rejects it */
	PTX_QK_SEM, PTX_QK_SCOPE, PTX_QK_SPACE, PTX_QK_OP, PTX_QK_TYPE,
	PTX_QK_NOFTZ, PTX_QK_VEC, PTX_QK_CACHE_HINT, PTX_QK_ASYNC,
	PTX_QK_COMPLETION,	/* .mbarrier::complete_tx::bytes */
	PTX_QK_LDST_ONLY,	/* .mmio .weak .volatile: ld/st, never atom/red */
	PTX_QK_COUNT
};

enum ptx_space {
	PTX_SPACE_GLOBAL = 1, PTX_SPACE_SHARED, PTX_SPACE_SHARED_CTA, PTX_SPACE_SHARED_CLUSTER,
	PTX_SPACE_OTHER		/* .local, .param ...: atom works on global/shared only */
};
enum ptx_type {
	PTX_TY_B16 = 1, PTX_TY_B32, PTX_TY_B64, PTX_TY_B128,
	PTX_TY_U32, PTX_TY_U64, PTX_TY_S32, PTX_TY_S64,
	PTX_TY_F16, PTX_TY_F16X2, PTX_TY_BF16, PTX_TY_BF16X2, PTX_TY_F32, PTX_TY_F64,
	PTX_TY_OTHER		/* .u8 .s16 .e4m3 ...: a type atom does not take */
};

struct ptx_qual {
	enum ptx_qkind kind;
	int value;		/* enum cal_order (.sem), cal_scope (.scope), ptx_space,
			   ptx_type, enum cal_op, vector width */
	unsigned pos, len;	/* the qualifier with its leading '.' */
};

struct ptx_operand {
	unsigned pos, len;
	int vec_elems;		/* elements of a { } list; 0: not a list */
};

struct ptx_insn {
	int is_red;
	unsigned pos;		/* of the opcode "atom" / "red" */
	unsigned len;		/* to the end of the statement, without ';' */
	unsigned mnemonic_len;	/* opcode with all its qualifiers */
	int predicated;		/* @p / @!p guard */
	struct ptx_qual quals[PTX_MAX_QUALS];
	int nr_quals;
	int first[PTX_QK_COUNT];	/* index of each kind's first qualifier, -1 */
	struct ptx_operand operands[PTX_MAX_OPERANDS];
	int nr_operands;
};

struct ptx_insns {
	struct ptx_insn *items;
	size_t nr, alloc;
	unsigned nr_statements;	/* every statement seen, atom/red or not */
};

/* Parse text[0..len); appends the atom/red instructions to out. */
void ptx_parse(const char *text, size_t len, struct ptx_insns *out);
void ptx_insns_release(struct ptx_insns *list);
/*
 * Does text[0..len) hold a statement whose opcode is opcode (NULL: any)
 * with the qualifier qual (with its dot: ".volatile", ".mmio") among its
 * own, in any order?  For checks that look for loads and stores, not
 * atom/red.
 */
int ptx_has_statement(const char *text, size_t len, const char *opcode, const char *qual);

/*
 * The asm operand an atom/red instruction's address names: [%1], [%1+8],
 * [%[name]] (ops gives the names; NULL: numbers only).  -1 if none.
 */
int ptx_address_operand(const struct ptx_insn *insn, const char *text,
			const struct ptx_asm_operands *ops);

/*
 * The first statement of text[0..len) whose opcode is opcode ("ld"), any
 * opcode's qualifiers and operands read as for atom/red (*out); *nr_statements
 * gets how many statements text holds.  Returns 1 if found, else 0.
 */
int ptx_find_statement(const char *text, size_t len, const char *opcode, struct ptx_insn *out,
		       unsigned *nr_statements);
/*
 * The asm operand that operand k of insn is, when it is exactly one
 * reference ('%0', '%[v]', '[%1]'; not '[%1+8]'); -1 otherwise.
 */
int ptx_operand_index(const struct ptx_insn *insn, int k, const char *text,
		      const struct ptx_asm_operands *ops);

/*
 * A statement's name as messages quote it: its opcode (base_len bytes) and
 * qualifiers but the type ("ld.global.cg", "ld.relaxed.gpu.global").
 */
void ptx_statement_name(const struct ptx_insn *insn, const char *text, size_t base_len,
			char *name, size_t size);
/* Does insn carry qualifier qual (with its dot)? */
int ptx_insn_has_qualifier(const struct ptx_insn *insn, const char *text, const char *qual);

enum ptx_fix { PTX_FIX_NONE, PTX_FIX_INSERT_NOFTZ };

struct ptx_problem {
	unsigned pos, len;	/* the qualifier at fault (or the opcode) */
	unsigned min_sm;	/* 0: invalid on every target; else needs sm >= min_sm */
	const struct cal_fact *fact;	/* the row min_sm comes from */
	int advisory;		/* a note (may be fine), not an error */
	enum ptx_fix fix;
	unsigned fix_pos;	/* PTX_FIX_INSERT_NOFTZ: insert ".noftz" here */
	char message[192];
};

/*
 * Every problem of insn (text is the PTX text it was parsed from); returns
 * how many were stored in out (at most max).
 */
int ptx_problems(const struct ptx_insn *insn, const char *text,
		 struct ptx_problem *out, int max);
/* The problems that hold on target sm (invalid ones and those needing > sm). */
int ptx_validate(const struct ptx_insn *insn, const char *text, unsigned sm,
		 struct ptx_problem *out, int max);

#endif
