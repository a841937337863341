#pragma once
// Where the app keeps its settings, puts screenshots and finds its assets on this machine.
// Linux only: follows the XDG base-directory and user-dirs conventions.
#include <string>
#include <vector>

namespace reslab {

// $XDG_CONFIG_HOME/reslab, else $HOME/.config/reslab; empty when there is no home folder at all.
std::string config_dir();

// $XDG_DATA_HOME/reslab, else $HOME/.local/share/reslab (the user's own copies of scenario files live
// in its scenarios/ folder); empty when there is no home folder.
std::string data_dir();

// The user's home folder; empty when there is none.
std::string home_folder();

// <XDG pictures folder>/reslab. The pictures folder comes from user-dirs.dirs in the XDG config
// home (XDG_PICTURES_DIR="$HOME/Pictures", $HOME expanded) and is $HOME/Pictures without one.
// Empty when there is no home folder and user-dirs.dirs names no absolute folder.
std::string default_pictures_dir();

// Folders searched for assets, first match wins: $RESLAB_ASSET_DIR, next to the installed binary
// (../share/reslab/assets), the install prefix, the source tree.
std::vector<std::string> asset_dirs();

// The first existing file `relative` (e.g. "strings/en.toml") in asset_dirs(); empty when none.
std::string find_asset(const std::string& relative);

// Creates the folder and its parents. Returns empty on success, else a message naming the folder
// and the reason, ready to show.
std::string ensure_dir(const std::string& dir);

}  // namespace reslab
