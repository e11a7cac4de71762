/*
 * The one reader of inline asm statements for the checks that judge PTX
 * (ptx-atom-invalid, scope-mismatch, atomic-local-memory, and volatile-sync,
 * which looks for ld.volatile and .mmio).
 *
 * libclang 19 does not expose an asm statement's template string, only its
 * operand expressions (outputs, then inputs, as children).  This reads the
 * source text the statement is spelled in, where it is written, in a macro
 * argument or in a macro definition, and gives the PTX text (src/ptx/,
 * with the source offset of every byte), its atom/red instructions and the
 * asm operands' symbolic names, so that [%1] and [%[addr]] both name a
 * child of the statement.  A template assembled with macros is not read.
 *
 * cal_asm_template_load() fills a zeroed struct; cal_asm_template_release()
 * frees what it holds (also after a failed load).
 */
#ifndef CUATOMLINT_CHECKS_ASM_TEMPLATE_H
#define CUATOMLINT_CHECKS_ASM_TEMPLATE_H

#include <clang-c/Index.h>

#include "ptx/ptx_atom.h"

/* Where the template's literals are spelled. */
enum cal_template_place {
	CAL_TEMPLATE_DIRECT,		/* in the statement itself */
	CAL_TEMPLATE_MACRO_ARG,		/* in a macro argument (NV_IF_TARGET(..., (asm(...)))) */
	CAL_TEMPLATE_MACRO_BODY,	/* in a macro definition */
};

struct cal_asm_template {
	struct ptx_text text;
	struct ptx_insns insns;		/* its atom and red instructions */
	struct ptx_asm_operands operands;
	CXFile file;			/* the file the literals are spelled in */
	char *file_name;
	const char *src;		/* its contents (owned by libclang) */
	size_t size;
	enum cal_template_place place;
};

/*
 * Read the asm statement c.  Returns 0, or -1 (nothing usable: a template
 * made of macros, or an asm of a system header's macro).
 */
int cal_asm_template_load(struct cal_asm_template *at, CXCursor c);
void cal_asm_template_release(struct cal_asm_template *at);
/* The child of c the address of insn names, or a null cursor. */
CXCursor cal_asm_address_operand(const struct cal_asm_template *at, CXCursor c,
				 const struct ptx_insn *insn);
/*
 * Does the asm statement c hold a PTX statement with opcode (NULL: any) and
 * the qualifier qual (ptx_has_statement)?  0 where c cannot be read.
 */
int cal_asm_has_statement(CXCursor c, const char *opcode, const char *qual);
/*
 * A small helper function fn (a body of at most four statements) with an
 * asm statement that accept() takes (data: its argument) and whose operands
 * use one of fn's pointer parameters, the way libraries wrap a PTX load:
 * the asm statement, *ref that use and *param the parameter's index; null
 * if none.
 */
CXCursor cal_asm_helper_load(CXCursor fn, int (*accept)(CXCursor stmt, void *data), void *data,
			     CXCursor *ref, int *param);
/* Does asm statement stmt list clobber ("memory") among its string literals? */
int cal_asm_has_clobber(CXTranslationUnit tu, CXCursor stmt, const char *clobber);
/*
 * Where qualifier qual (".relaxed") of insn is spelled, in one piece, in a
 * template written in the statement itself: 0 and *loc, or -1.
 */
int cal_asm_qualifier_location(CXTranslationUnit tu, const struct cal_asm_template *at,
			       const struct ptx_insn *insn, const char *qual, CXSourceLocation *loc);

#endif
