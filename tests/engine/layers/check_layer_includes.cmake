# SPDX-License-Identifier: MIT
# cmake -P driver of engine_layer_include_boundary (CMakeLists.txt beside it): compiles each probe with the kernels
# layer's include directories and options (-fsyntax-only: the includes are what is tested) and checks the outcome.
set(args ${STD} ${OPTIONS} -fsyntax-only)
foreach(dir IN LISTS INCLUDES)
  if(dir)
    list(APPEND args -I${dir})
  endif()
endforeach()

function(compile probe result_var output_var)
  execute_process(COMMAND ${COMPILER} ${args} ${PROBES}/${probe} RESULT_VARIABLE result OUTPUT_VARIABLE out
                  ERROR_VARIABLE out)
  set(${result_var} ${result} PARENT_SCOPE)
  set(${output_var} "${out}" PARENT_SCOPE)
endfunction()

compile(kernels_allowed_includes.cpp result out)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "the control probe, which includes only what kernels may use, did not compile:\n${out}")
endif()
message(STATUS "kernels_allowed_includes.cpp compiles")

foreach(probe_header IN ITEMS "kernels_includes_exec.cpp|exec/session_plan.h"
                              "kernels_includes_exec_public.cpp|quantscope/engine/session.h")
  string(REPLACE "|" ";" probe_header "${probe_header}")
  list(GET probe_header 0 probe)
  list(GET probe_header 1 header)
  compile(${probe} result out)
  if(result EQUAL 0)
    message(FATAL_ERROR "${probe} compiled: the kernels layer can include ${header}")
  endif()
  string(FIND "${out}" "${header}: No such file or directory" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${probe} failed, but not with '${header}: No such file or directory':\n${out}")
  endif()
  message(STATUS "${probe} fails: ${header}: No such file or directory")
endforeach()
