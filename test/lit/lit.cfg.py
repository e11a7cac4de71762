# lit configuration for cuatomlint.
#
# Substitutions:
#   %cuatomlint   the tool, with color off, on the installed CUDA toolkit if any
#   %builtin      the same on the tool's built-in minimal CUDA environment
#   FileCheck, not, split-file from LLVM 19
# Features: "cuda-toolkit" where a toolkit is installed, "cmake" where cmake
# is on PATH, "root" when the tests run as root.
import os
import shutil
import lit.formats

config.name = "cuatomlint"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".cu", ".cl", ".test", ".hip"]
config.excludes = ["Inputs", "expect-exit.py", "sarif-validate.py", "parity.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(os.path.dirname(config.cuatomlint), "test", "lit-out")

# The result cache is off in tests (a test that wants it names --cache-dir,
# which turns it back on): runs must not depend on earlier runs.
tool = config.cuatomlint + " --color=never --no-cache"
# %expect-exit goes first: lit applies substitutions in order.
config.substitutions.append(("%expect-exit", "python3 " + os.path.join(os.path.dirname(__file__), "expect-exit.py")))
# the bare executable, for command lines built by other tools (CMake lists)
config.substitutions.append(("%tool-path", config.cuatomlint))
config.substitutions.append(("%cuatomlint", tool))
config.substitutions.append(("%builtin", tool + " --builtin-cuda"))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%srcroot", config.source_root))
# the clang driver of the same LLVM, to compare parses with (clang-parity/)
config.substitutions.append(("%clangxx", os.path.join(config.llvm_bin_dir, "clang++")))
for name in ("FileCheck", "not", "split-file", "count"):
    config.substitutions.append(
        ("\\b%s\\b" % name if name != "not" else "(?<![-\\w])not(?=\\s)",
         os.path.join(config.llvm_bin_dir, name)))

def have_toolkit():
    if os.environ.get("CUDA_PATH") and os.path.exists(os.path.join(os.environ["CUDA_PATH"], "include", "cuda.h")):
        return True
    nvcc = shutil.which("nvcc")
    if nvcc:
        return True
    return os.path.exists("/usr/local/cuda/include/cuda.h")

if have_toolkit():
    config.available_features.add("cuda-toolkit")
# root reads files whatever their mode: tests of unreadable files skip.
if os.geteuid() == 0:
    config.available_features.add("root")
# Neovim's LSP client (Debian's neovim), for lsp/nvim.test
if shutil.which("nvim"):
    config.available_features.add("nvim")
elif os.environ.get("CUATOMLINT_REQUIRE_LSP_CLIENTS"):
    lit_config.fatal("nvim (Debian's neovim) is not installed: lsp/nvim.test needs it")
# Debian's HIP headers (libamdhip64-dev) and hipcc: the HIP dialect's tests
if os.path.exists("/usr/include/hip/hip_runtime.h") and shutil.which("hipcc"):
    config.available_features.add("hip")
if shutil.which("cmake"):
    config.available_features.add("cmake")
# gcc's own <omp.h>, which nvcc finds through gcc and the tool forwards to
import glob
if glob.glob("/usr/lib/gcc/*/*/include/omp.h"):
    config.available_features.add("gcc-omp")

# the HIP tests read Debian's HIP headers even where a ROCm is installed (parse.c)
config.environment["ROCM_PATH"] = "/usr"
for var in ("PATH", "CUDA_PATH", "HOME", "TMPDIR", "ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

# Microsoft's SARIF Multitool, installed by scripts/install-sarif-multitool.sh
# into the build's tools/ folder; the test command requires it.
# scripts/test.sh names it in CUATOMLINT_SARIF_MULTITOOL (one install serves
# both builds); else the build's own tools/ folder, else build/tools.
def find_multitool():
    rel = os.path.join("tools", "node_modules", ".bin", "sarif-multitool")
    for path in (os.environ.get("CUATOMLINT_SARIF_MULTITOOL"),
                 os.path.join(os.path.dirname(config.cuatomlint), rel),
                 os.path.join(config.source_root, "build", rel)):
        if path and os.path.exists(path):
            return path
    return os.path.join(os.path.dirname(config.cuatomlint), rel)

multitool = find_multitool()
if os.path.exists(multitool):
    config.available_features.add("sarif-multitool")
    config.substitutions.append(("%sarif-validate", "python3 %s %s" % (
        os.path.join(os.path.dirname(__file__), "sarif-validate.py"), multitool)))
elif os.environ.get("CUATOMLINT_REQUIRE_SARIF_MULTITOOL"):
    lit_config.fatal("SARIF Multitool not installed at " + multitool)

# VS Code's protocol packages from npm, installed by scripts/install-lsp-client.sh
# into the build's tools/ folder (scripts/test.sh names the folder in
# CUATOMLINT_LSP_NODE_MODULES), for lsp/node.test.
def find_lsp_node_modules():
    for d in (os.environ.get("CUATOMLINT_LSP_NODE_MODULES"),
              os.path.join(os.path.dirname(config.cuatomlint), "tools", "node_modules"),
              os.path.join(config.source_root, "build", "tools", "node_modules")):
        if d and os.path.exists(os.path.join(d, "vscode-languageserver-protocol")):
            return d
    return None

lsp_node_modules = find_lsp_node_modules()
if lsp_node_modules and shutil.which("node"):
    config.available_features.add("node-lsp")
    config.substitutions.append(("%lsp-node-modules", lsp_node_modules))
elif os.environ.get("CUATOMLINT_REQUIRE_LSP_CLIENTS"):
    lit_config.fatal("the npm LSP client packages are not installed (scripts/install-lsp-client.sh)")
