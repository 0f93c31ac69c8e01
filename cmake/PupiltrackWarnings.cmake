# One warning set for every target of ours, so the CPU path stays clean under -Werror in CI.
add_library(pt_warnings INTERFACE)
target_compile_options(pt_warnings INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion>)
option(PT_WERROR "Treat warnings as errors" OFF)
if(PT_WERROR)
  target_compile_options(pt_warnings INTERFACE $<$<COMPILE_LANGUAGE:CXX>:-Werror>)
endif()
