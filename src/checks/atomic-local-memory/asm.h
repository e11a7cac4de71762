/*
 * Inline PTX atomics of an asm statement, for atomic-local-memory: which
 * atom/red instructions its template holds and which asm operand each one
 * takes its address from.
 *
 * The template is read by the shared asm reader (asm_template.h): where
 * it is written, in a macro argument, or in the macro definition that holds
 * the whole statement.  A template that is itself a macro
 * (asm(TEMPLATE : ...)) is not looked into.  Addresses may name operands by
 * number ([%1], [%1+4]) or by name ([%[addr]]); operand numbers count
 * outputs first, then inputs: the order libclang visits the statement's
 * children in.
 */
#ifndef CUATOMLINT_CHECKS_ATOMIC_LOCAL_ASM_H
#define CUATOMLINT_CHECKS_ATOMIC_LOCAL_ASM_H

#include <clang-c/Index.h>

struct cal_ptx_atomic {
	char opcode[64];	/* "atom.global.add.u32" */
	int operand;		/* index of the address operand */
};

/* Fill out[0..max) with the atom/red instructions of stmt; returns how many. */
int cal_ptx_atomics(CXTranslationUnit tu, CXCursor stmt, struct cal_ptx_atomic *out,
		    int max);

#endif
