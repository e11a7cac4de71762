# Stand-in for rpavlik/cmake-modules' module, which gunrock fetches at configure time
# (no network here): the build only embeds the revision it reports.
function(get_git_head_revision refspec hash)
  set(${refspec} "unknown" PARENT_SCOPE)
  set(${hash} "unknown" PARENT_SCOPE)
endfunction()
