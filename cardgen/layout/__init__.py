"""Pure geometry: units, card and paper sizes, card layouts and sheet imposition."""
