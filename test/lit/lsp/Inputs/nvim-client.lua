-- Neovim's own LSP client (0.7: vim.lsp.start_client) against cuatomlint lsp,
-- headless: open $LSP_FILE, wait for the diagnostics, apply the first quick
-- fix on line $LSP_LINE through Neovim's code action menu (resolved), wait
-- for the re-lint, write the buffer to $LSP_OUT.
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

-- Neovim's own code action path (vim.lsp.buf.code_action), the menu
-- answered with the first action: 0.7 declares resolveSupport for "edit",
-- so the fix comes without its edit and Neovim asks codeAction/resolve for
-- it (the server re-checks the fix then) before applying it.
vim.api.nvim_win_set_cursor(0, { tonumber(vim.env.LSP_LINE), 0 })
local chosen
vim.ui.select = function(items, _, on_choice)
  for _, item in ipairs(items) do
    io.stdout:write('action ' .. item[2].title .. '\n')
  end
  chosen = items[1]
  if chosen and chosen[2].edit then fail('the fix came with its edit, not at resolve') end
  on_choice(chosen)
end
vim.lsp.buf.code_action()
if not vim.wait(60000, function() return chosen ~= nil end, 20) then
  fail('no code action')
end

-- the server lints the edited buffer again: the fixed finding is gone
if not vim.wait(60000, function() return #vim.diagnostic.get(buf) == 0 end, 20) then
  fail('the finding is still there after the fix')
end
io.stdout:write('diagnostics after the fix: 0\n')
vim.cmd('write! ' .. vim.fn.fnameescape(vim.env.LSP_OUT))
vim.lsp.stop_client(client_id)
vim.cmd('qa!')
