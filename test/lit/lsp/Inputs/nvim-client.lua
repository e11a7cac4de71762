-- Neovim's own LSP client (0.7: vim.lsp.start_client) against cuatomlint lsp,
-- headless: open $LSP_FILE, wait for the diagnostics, apply the first quick
-- fix on line $LSP_LINE, wait for the re-lint, write the buffer to $LSP_OUT.
-- Prints the diagnostics it saw; exits non-zero (cquit) on any failure.
local function fail(msg)
  io.stdout:write('nvim-client: ' .. msg .. '\n')
  vim.cmd('cquit 1')
end

local cmd = vim.split(vim.env.LSP_SERVER, ' ', { trimempty = true })
local client_id = vim.lsp.start_client({
  name = 'cuatomlint',
  cmd = cmd,
  root_dir = vim.fn.fnamemodify(vim.env.LSP_FILE, ':p:h'),
})
if not client_id then fail('the server did not start') end

vim.cmd('edit ' .. vim.fn.fnameescape(vim.env.LSP_FILE))
local buf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(buf, client_id)

if not vim.wait(60000, function() return #vim.diagnostic.get(buf) > 0 end, 20) then
  fail('no diagnostics')
end
for _, d in ipairs(vim.diagnostic.get(buf)) do
  local lsp = d.user_data and d.user_data.lsp or {}
  io.stdout:write(string.format('diagnostic %d:%d %s [%s]\n', d.lnum + 1, d.col + 1,
    d.message, lsp.code or d.code or '?'))
end

local line = tonumber(vim.env.LSP_LINE) - 1
local params = {
  textDocument = vim.lsp.util.make_text_document_params(buf),
  range = { start = { line = line, character = 0 }, ['end'] = { line = line, character = 0 } },
  context = { diagnostics = {} },
}
local responses = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 60000)
local action
for _, r in pairs(responses or {}) do
  for _, a in ipairs(r.result or {}) do
    io.stdout:write('action ' .. a.title .. '\n')
    action = action or a
  end
end
if not action then fail('no code action') end
vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')

-- the server lints the edited buffer again: the fixed finding is gone
if not vim.wait(60000, function() return #vim.diagnostic.get(buf) == 0 end, 20) then
  fail('the finding is still there after the fix')
end
io.stdout:write('diagnostics after the fix: 0\n')
vim.cmd('write! ' .. vim.fn.fnameescape(vim.env.LSP_OUT))
vim.lsp.stop_client(client_id)
vim.cmd('qa!')
