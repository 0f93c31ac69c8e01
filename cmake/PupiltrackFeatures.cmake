# Finds the optional parts and records what is built and what is left out, so that a configure
# on a bare machine still succeeds and says plainly what the build lacks.
include(CheckLanguage)
set(PT_FEATURE_LINES "")
macro(pt_feature name enabled why)
  if(${enabled})
    list(APPEND PT_FEATURE_LINES "  ${name}: yes")
  else()
    list(APPEND PT_FEATURE_LINES "  ${name}: no (${why})")
  endif()
endmacro()

find_package(CLI11 CONFIG REQUIRED)

set(PT_HAVE_OPENCV OFF)
if(PT_WITH_OPENCV)
  find_package(OpenCVParts)
  set(PT_HAVE_OPENCV ${OpenCVParts_FOUND})
endif()
pt_feature("OpenCV video/image input" PT_HAVE_OPENCV
  "PT_WITH_OPENCV=${PT_WITH_OPENCV}, needs libopencv-{core,imgproc,imgcodecs,videoio}-dev")

# Aravis lives in camera/, which the OpenCV readers already require; Debian's aravis-0.8.pc
# names libusb-1.0 among its private requirements, so pkg-config fails without libusb-1.0-0-dev.
set(PT_HAVE_ARAVIS OFF)
if(PT_WITH_ARAVIS AND PT_HAVE_OPENCV)
  find_package(PkgConfig QUIET)
  if(PkgConfig_FOUND)
    pkg_check_modules(ARAVIS QUIET IMPORTED_TARGET aravis-0.8)
    set(PT_HAVE_ARAVIS ${ARAVIS_FOUND})
  endif()
endif()
pt_feature("GenICam cameras through Aravis" PT_HAVE_ARAVIS
  "PT_WITH_ARAVIS=${PT_WITH_ARAVIS}, needs the OpenCV input and libaravis-dev with libusb-1.0-0-dev (pkg-config aravis-0.8)")

set(PT_HAVE_CUDA OFF)
if(PT_WITH_CUDA)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
      # 'native' fails on a machine without a GPU, so the portable list is explicit.
      set(CMAKE_CUDA_ARCHITECTURES "75-real;80-real;86-real;89-real;90-real;90-virtual")
    endif()
    set(CMAKE_CUDA_RUNTIME_LIBRARY Static)
    enable_language(CUDA)
    find_package(CUDAToolkit REQUIRED)
    # The kernels are C++20 like the rest (pt_core's headers ask for it). CMake before 3.26 knows
    # no C++20 flag for nvcc, which takes -std=c++20 since CUDA 12. Set here, for every directory
    # with CUDA sources (gpu/ and the GPU tests).
    if(NOT DEFINED CMAKE_CUDA20_STANDARD_COMPILE_OPTION AND CMAKE_CUDA_COMPILER_VERSION VERSION_GREATER_EQUAL 12.0)
      set(CMAKE_CUDA20_STANDARD_COMPILE_OPTION "-std=c++20")
      set(CMAKE_CUDA20_EXTENSION_COMPILE_OPTION "-std=c++20")
    endif()
    set(PT_HAVE_CUDA ON)
  endif()
endif()
pt_feature("CUDA backend" PT_HAVE_CUDA "PT_WITH_CUDA=${PT_WITH_CUDA}, or no nvcc found")

set(PT_HAVE_QT OFF)
if(PT_WITH_QT)
  find_package(Qt6 QUIET COMPONENTS Widgets Concurrent Test)
  find_package(spdlog CONFIG QUIET)
  if(Qt6Widgets_FOUND AND Qt6Concurrent_FOUND AND Qt6Test_FOUND AND spdlog_FOUND)
    set(PT_HAVE_QT ON)
  endif()
endif()
pt_feature("desktop application (Qt ${Qt6_VERSION})" PT_HAVE_QT "PT_WITH_QT=${PT_WITH_QT}, needs qt6-base-dev and libspdlog-dev")

set(PT_HAVE_CATCH2 OFF)
if(PT_BUILD_TESTS)
  find_package(Catch2 CONFIG)
  set(PT_HAVE_CATCH2 ${Catch2_FOUND})
  if(NOT Catch2_FOUND)
    message(WARNING "Catch2 not found: tests are not built (install catch2)")
    set(PT_BUILD_TESTS OFF)
  endif()
endif()
pt_feature("tests (Catch2 ${Catch2_VERSION})" PT_HAVE_CATCH2 "PT_BUILD_TESTS=${PT_BUILD_TESTS}, or no catch2 found")

function(pt_report_features)
  string(REPLACE ";" "\n" lines "${PT_FEATURE_LINES}")
  message(STATUS "pupiltrack parts:\n${lines}")
endfunction()
