-- dslang language server for Neovim's built-in LSP client (Neovim 0.7 or newer).
--
-- Use: put this file on your runtimepath (e.g. ~/.config/nvim/lua/dslang.lua) and call
--   require("dslang").setup({ cmd = { "dslang", "lsp" }, settings = { ... } })
-- from init.lua. Settings (all optional):
--   includePaths: directories searched by `import` and `#include` (relative to the root)
--   defines:      preprocessor macros, { NAME = "value" } or { "NAME=value", "FLAG" }
--   entry:        the entry point for full compilation and previews (default computeMain)
--   preview:      { frames = N }, frames a preview runs
--
-- Commands: :DslangGeneratedCode [wgsl|spirv|ir] opens the generated code of the current file
-- in a scratch buffer (request `dslang/generatedCode`). Formatting is `vim.lsp.buf.format()`;
-- the differentiability quick fixes and derivative stubs are `vim.lsp.buf.code_action()`.

local M = {}

local defaults = {
  cmd = { "dslang", "lsp" },
  root_markers = { ".git", "slangconfig.json" },
  settings = { dslang = { includePaths = {}, defines = {}, preview = { frames = 1 } } },
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

-- Shows the file's generated code (the server compiles the buffer's current text).
local function generated_code(target)
  target = (target ~= nil and target ~= "") and target or "wgsl"
  local bufnr = vim.api.nvim_get_current_buf()
  local params = { uri = vim.uri_from_bufnr(bufnr), target = target }
  vim.lsp.buf_request(bufnr, "dslang/generatedCode", params, function(err, result)
    if err then
      vim.notify("dslang: " .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
      return
    end
    vim.cmd("new")
    local out = vim.api.nvim_get_current_buf()
    vim.bo[out].buftype = "nofile"
    vim.bo[out].filetype = target == "wgsl" and "wgsl" or ""
    vim.api.nvim_buf_set_lines(out, 0, -1, false, vim.split(result.text, "\n", { plain = true }))
  end)
end

function M.setup(opts)
  opts = vim.tbl_deep_extend("force", defaults, opts or {})

  -- `.slang` files get the `slang` filetype.
  vim.cmd([[autocmd BufRead,BufNewFile *.slang setfiletype slang]])

  vim.api.nvim_create_user_command("DslangGeneratedCode", function(args)
    generated_code(args.args)
  end, { nargs = "?", complete = function() return { "wgsl", "spirv", "ir" } end })

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
