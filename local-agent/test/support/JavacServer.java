import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.Arrays;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * javac and java in one JVM that stays warm, for the move invariant's Java
 * shapes (move-harness.ts checkJava): the same compiler a `javac` command
 * runs, through javax.tools, without a JVM's start and the compiler's
 * warm-up for each check.
 *
 * One request a line on stdin, its fields split by tabs; one reply each on
 * stdout: the exit status on a line, what the tool wrote, then a line of
 * U+0004 alone.
 *   javac ARG...      compiles, as `javac ARG...` (paths absolute)
 *   run CLASSPATH CLS runs CLS's main in a class loader of its own, as
 *                     `java -cp CLASSPATH CLS` (what it prints to stdout is
 *                     dropped; a throw is status 1, said as java says it)
 */
public class JavacServer {
  public static void main(String[] args) throws Exception {
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintStream reply =
        new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    for (String line; (line = in.readLine()) != null; ) {
      String[] parts = line.split("\t");
      ByteArrayOutputStream said = new ByteArrayOutputStream();
      int status;
      if (parts[0].equals("javac")) {
        status = javac.run(null, said, said, Arrays.copyOfRange(parts, 1, parts.length));
      } else {
        status = run(parts[1], parts[2], said);
      }
      reply.print(status + "\n" + said.toString(StandardCharsets.UTF_8) + "\n\u0004\n");
      reply.flush();
    }
  }

  private static int run(String classpath, String name, OutputStream err) throws Exception {
    PrintStream out = System.out;
    PrintStream errors = System.err;
    System.setOut(new PrintStream(OutputStream.nullOutputStream()));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try (URLClassLoader loader =
        new URLClassLoader(
            new URL[] {Paths.get(classpath).toUri().toURL()},
            ClassLoader.getPlatformClassLoader())) {
      Class.forName(name, true, loader)
          .getMethod("main", String[].class)
          .invoke(null, (Object) new String[0]);
      return 0;
    } catch (InvocationTargetException e) {
      System.err.println("Exception in thread \"main\" " + e.getCause());
      return 1;
    } catch (ReflectiveOperationException | LinkageError e) {
      System.err.println("Error: " + e);
      return 1;
    } finally {
      System.setOut(out);
      System.setErr(errors);
    }
  }
}
