"""The registry file recorded at install (``openspec-agent --db``) reaches the bridge."""

import os
import sqlite3
import unittest

from fixtures import call, session
from hermes_host import run_installer


def paths_in(database):
    """The repository paths a registry file holds, read with sqlite3 itself."""
    if not os.path.exists(database):
        return []
    with sqlite3.connect(database) as connection:
        tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        found = []
        for table in tables:
            columns = [row[1] for row in connection.execute(f"PRAGMA table_info({table})")]
            if "path" in columns:
                found += [row[0] for row in connection.execute(f"SELECT path FROM {table}")]
        return found


class RecordedRegistry(unittest.TestCase):
    def install(self, **options):
        result = run_installer("installHermesPlugin", {"hermesHome": session().hermes_home, **options})
        self.assertTrue(result.get("ok"), result)
        # The next call starts a bridge that reads the new bridge.json.
        session().bridge.close()
        return result

    def test_given_a_recorded_registry_when_a_source_is_added_then_it_lands_in_that_file_and_not_in_openspec_agent_db(self):
        chosen = os.path.join(session().root, "chosen", "team.db")
        self.assertEqual(self.install(registryPath=chosen)["registry"], chosen)
        repository = session().repository(name="recorded")
        added = call("openspec_source_add", path=repository)
        self.assertTrue(added["ok"], added)
        self.assertEqual([s["path"] for s in call("openspec_source_list")["sources"]], [repository])
        self.assertEqual(paths_in(chosen), [repository])
        self.assertNotIn(repository, paths_in(os.environ["OPENSPEC_AGENT_DB"]))

    def test_given_no_recorded_registry_when_a_source_is_added_then_it_lands_in_openspec_agent_db(self):
        self.assertNotIn("registry", self.install())
        repository = session().repository(name="default")
        self.assertTrue(call("openspec_source_add", path=repository)["ok"])
        self.assertIn(repository, paths_in(os.environ["OPENSPEC_AGENT_DB"]))


if __name__ == "__main__":
    unittest.main()
