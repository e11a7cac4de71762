/*
 * The atom/red instructions of an asm statement and their address
 * operands, for atomic-local-memory, through the shared asm reader
 * (asm_template.h) that ptx-atom-invalid and scope-mismatch use too.
 */
#include "checks/atomic-local-memory/asm.h"

#include <stdio.h>
#include <string.h>

#include "parse/ast.h"
#include "ptx/asm_template.h"

int cal_ptx_atomics(CXTranslationUnit tu, CXCursor stmt, struct cal_ptx_atomic *out, int max)
{
	struct cal_asm_template at;
	size_t i;
	int n = 0, operand;

	(void)tu;
	memset(&at, 0, sizeof(at));
	if (cal_asm_template_load(&at, stmt) == 0) {
		for (i = 0; i < at.insns.nr && n < max; i++) {
			const struct ptx_insn *in = &at.insns.items[i];
			operand = ptx_address_operand(in, at.text.buf, &at.operands);
			if (operand < 0 || operand >= cal_nr_children(stmt))
				continue;
			snprintf(out[n].opcode, sizeof(out[n].opcode), "%.*s", (int)in->mnemonic_len,
				 at.text.buf + in->pos);
			out[n++].operand = operand;
		}
	}
	cal_asm_template_release(&at);
	return n;
}
