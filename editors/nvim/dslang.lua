-- dslang language server for Neovim's built-in LSP client (Neovim 0.7 or newer).
--
-- Use: put this file on your runtimepath (e.g. ~/.config/nvim/lua/dslang.lua) and call
--   require("dslang").setup({ cmd = { "dslang", "lsp" }, settings = { ... } })
-- from init.lua. Settings (all optional):
--   includePaths: directories searched by `import` and `#include` (relative to the root)
--   defines:      preprocessor macros, { NAME = "value" } or { "NAME=value", "FLAG" }

local M = {}

local defaults = {
  cmd = { "dslang", "lsp" },
  root_markers = { ".git", "slangconfig.json" },
  settings = { dslang = { includePaths = {}, defines = {} } },
}

local function find_root(bufnr, markers)
  local path = vim.api.nvim_buf_get_name(bufnr)
  local dir = vim.fn.fnamemodify(path, ":p:h")
  for _, marker in ipairs(markers) do
    local found = vim.fn.finddir(marker, dir .. ";")
    if found == "" then
      found = vim.fn.findfile(marker, dir .. ";")
    end
    if found ~= "" then
      return vim.fn.fnamemodify(found, ":p:h:h")
    end
  end
  return dir
end

function M.setup(opts)
  opts = vim.tbl_deep_extend("force", defaults, opts or {})

  -- `.slang` files get the `slang` filetype.
  vim.cmd([[autocmd BufRead,BufNewFile *.slang setfiletype slang]])

  local clients = {}
  vim.api.nvim_create_autocmd("FileType", {
    pattern = "slang",
    callback = function(args)
      local root = find_root(args.buf, opts.root_markers)
      local config = {
        name = "dslang",
        cmd = opts.cmd,
        root_dir = root,
        settings = opts.settings,
        init_options = opts.settings.dslang,
      }
      if vim.lsp.start then
        vim.lsp.start(config, { bufnr = args.buf })
      else
        -- Neovim 0.7: one client per root, attached by hand.
        clients[root] = clients[root] or vim.lsp.start_client(config)
        vim.lsp.buf_attach_client(args.buf, clients[root])
      end
    end,
  })
end

return M
