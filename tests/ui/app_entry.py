"""What the AppTest fixtures run instead of app.py: app.py itself, from a directory with no pages/.

AppTest resets Streamlit's "app has a pages/ directory" flag before every run, and with app.py
beside pages/ every run after the first would execute the current page file directly (the old
multipage mode), skipping app.py: no sidebar, no navigation. A real server settles the flag once,
on its first run of app.py. Running app.py from here keeps every test run on the real path.
"""

import runpy
from pathlib import Path

runpy.run_path(str(Path(__file__).resolve().parents[2] / "app.py"), run_name="__main__")
