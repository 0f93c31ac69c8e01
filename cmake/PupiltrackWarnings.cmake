# One warning set for every target of ours, so the CPU path stays clean under -Werror in CI.
add_library(pt_warnings INTERFACE)
target_compile_options(pt_warnings INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion>)
# GCC 12 reports impossible overlaps in inlined std::string concatenation (GCC bug 105329).
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(pt_warnings INTERFACE $<$<COMPILE_LANGUAGE:CXX>:-Wno-restrict>)
endif()
option(PT_WERROR "Treat warnings as errors" OFF)
if(PT_WERROR)
  target_compile_options(pt_warnings INTERFACE $<$<COMPILE_LANGUAGE:CXX>:-Werror>)
endif()
