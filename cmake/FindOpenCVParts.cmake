# Debian's per-module OpenCV -dev packages ship headers and libraries but no CMake or pkg-config
# file (those come with the all-modules libopencv-dev, which also pulls highgui and Qt 5).
# We need four modules, so we find them one by one. Never add highgui here.
find_path(OpenCVParts_INCLUDE_DIR opencv2/core.hpp PATH_SUFFIXES opencv4)
set(_pt_cv_modules core imgproc imgcodecs videoio)
set(_pt_cv_vars OpenCVParts_INCLUDE_DIR)
foreach(m IN LISTS _pt_cv_modules)
  find_library(OpenCVParts_${m}_LIBRARY NAMES opencv_${m})
  list(APPEND _pt_cv_vars OpenCVParts_${m}_LIBRARY)
endforeach()
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(OpenCVParts REQUIRED_VARS ${_pt_cv_vars})
if(OpenCVParts_FOUND)
  foreach(m IN LISTS _pt_cv_modules)
    if(NOT TARGET OpenCVParts::${m})
      add_library(OpenCVParts::${m} UNKNOWN IMPORTED)
      set_target_properties(OpenCVParts::${m} PROPERTIES
        IMPORTED_LOCATION "${OpenCVParts_${m}_LIBRARY}"
        INTERFACE_INCLUDE_DIRECTORIES "${OpenCVParts_INCLUDE_DIR}")
    endif()
  endforeach()
endif()
